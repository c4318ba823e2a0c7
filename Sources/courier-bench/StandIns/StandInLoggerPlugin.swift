import Courier

// STAND-IN until CourierPlugins lands on this branch: does the work DESIGN.md's
// `NetworkLoggerPlugin` does with `LogOptions.default` (request line, method and redacted headers
// on `willSend`; the response line on `didReceive`, each line stamped with the time), handing its
// lines to an output closure. Replace with `NetworkLoggerPlugin` and delete this folder.

/// Stand-in for `NetworkLoggerPlugin(configuration: .init(output: …))` with default options.
struct StandInLoggerPlugin: PluginType {
    let output: @Sendable (_ target: any TargetType, _ items: [String]) -> Void
    var redaction = Redaction.default

    func willSend(_ request: any RequestType, target: any TargetType) {
        guard let urlRequest = request.request else {
            output(target, [line("Request: (invalid request)")])
            return
        }
        var headers = request.sessionHeaders
        for (name, value) in urlRequest.allHTTPHeaderFields ?? [:] {
            headers[name] = value
        }
        let url = urlRequest.url.map(redaction.url) ?? "(no URL)"
        output(
            target,
            [
                line("Request: \(url)"),
                line("Request Headers: \(describe(redaction.headers(headers)))"),
                line("HTTP Request Method: \(urlRequest.httpMethod ?? "GET")"),
            ])
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        switch result {
        case .success(let response):
            let text =
                response.response.map { "Response: \($0.statusCode) \($0.url?.absoluteString ?? "")" }
                ?? "Response: Received empty network response for \(target.method) \(target.path)."
            output(target, [line(text)])
        case .failure(let error):
            output(target, [line("Response: Received error for \(target.method) \(target.path): \(error)")])
        }
    }

    /// `["Accept": "a", "B": "b"]` as `Accept: a, B: b`, sorted by name.
    private func describe(_ headers: [String: String]) -> String {
        headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }

    private func line(_ message: String) -> String {
        "Courier_Logger: [\(Date.now.formatted(.iso8601))] \(message)"
    }
}
