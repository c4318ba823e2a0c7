import Courier

/// Turns a ``StubResponse`` into the sample response the provider delivers, for one target.
struct StubAnswer<Target: TargetType> {
    let target: Target
    let endpoint: Endpoint
    let fixtures: Fixtures?

    func sample(_ response: StubResponse) -> EndpointSampleResponse {
        switch response.outcome {
        case .unstubbed:
            return .networkError(
                UnstubbedTargetError(target: String(describing: target), request: "\(endpoint.method) \(endpoint.url)"))
        case .failure(let error):
            return .networkError(withFailingURL(error))
        case .answer(nil, let headers, .sampleData) where headers.isEmpty:
            return endpoint.sampleResponseClosure()
        case .answer(let statusCode, var headers, let body):
            let data: Data
            var status = statusCode ?? 200
            switch body {
            case .data(let bytes):
                data = bytes
            case .encoded(.success(let bytes)):
                data = bytes
            case .encoded(.failure(let error)):
                return .networkError(error)
            case .stream(let script):
                data = script.body
            case .webSocket(let script):
                data = script.body
            case .sampleData:
                switch endpoint.sampleResponseClosure() {
                case .networkResponse(let sampleStatus, let bytes):
                    (data, status) = (bytes, statusCode ?? sampleStatus)
                case .response(let sample, let bytes):
                    (data, status) = (bytes, statusCode ?? sample.statusCode)
                case .networkError(let error):
                    return .networkError(error)
                }
            case .fixture(let name, let source):
                do {
                    let file = try fixture(name, in: source ?? fixtures)
                    data = file.data
                    headers = Self.headers(headers, withContentTypeOf: file.pathExtension)
                } catch {
                    return .networkError(error)
                }
            }
            guard !headers.isEmpty, let url = requestURL,
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else { return .networkResponse(status, data) }
            return .response(response, data)
        }
    }

    private func fixture(_ name: String?, in fixtures: Fixtures?) throws(FixtureNotFoundError) -> (
        data: Data, pathExtension: String
    ) {
        guard let fixtures else {
            throw FixtureNotFoundError(
                target: String(describing: target),
                lookedFor: (name.map { [$0] } ?? Fixtures.candidateNames(for: target)).map {
                    FixtureNames.File($0).relativePath
                },
                location: "(no Fixtures)", reason: "no Fixtures were given; pass Stubs(fixtures:) or .fixture(_:in:)")
        }
        return try fixtures.file(named: name, for: target)
    }

    /// `headers` with the `Content-Type` of a file with `pathExtension` (`application/json` for
    /// `json`, `text/plain` for `txt`, …), unless they name one already or the extension is unknown.
    private static func headers(_ headers: [String: String], withContentTypeOf pathExtension: String)
        -> [String: String]
    {
        guard let type = MIMEType.known(fileExtension: pathExtension),
            !headers.keys.contains(where: { $0.caseInsensitiveEquals("Content-Type") })
        else { return headers }
        var withType = headers
        withType["Content-Type"] = type
        return withType
    }

    /// The URL the request goes to, with its query; the endpoint's URL if it cannot be built.
    private var requestURL: URL? {
        (try? endpoint.urlRequest())?.url ?? URL(string: endpoint.url)
    }

    /// A `URLError` with the request's URL as its failing URL, so error messages name it.
    private func withFailingURL(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError, urlError.failingURL == nil, let url = requestURL else { return error }
        return URLError(urlError.code, userInfo: [NSURLErrorFailingURLErrorKey: url])
    }
}
