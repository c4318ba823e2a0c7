import Foundation

/// Writes `extension API: TargetType`: base URL, path, method, task, headers, validation, decoder.
struct ConformanceWriter {
    let apiName: String
    let access: String
    let isolation: String
    let document: OpenAPIDocument
    let plans: [CasePlan]
    let values: ValueText
    /// Whether models hold dates, so bodies go through the API's encoder.
    let usesDates: Bool
    let diagnostics: Diagnostics

    func write() -> String {
        var out = "\(isolation)extension \(apiName): TargetType {\n"
        out += baseURL()
        out += path()
        out += method()
        out += task()
        out += headers()
        out += "    /// 2xx answers succeed; others fail with `CourierError.statusCode`.\n"
        out += "    \(access)var validationType: ValidationType { .successCodes }\n\n"
        out += "    /// Reads dates as the document writes them (ISO 8601, calendar dates).\n"
        out += "    \(access)var decoder: any DataDecoder { \(apiName).DateCoding.decoder }\n"
        return out + "}\n"
    }

    static func validURL(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()),
            url.host != nil
        else { return nil }
        return text
    }

    private func baseURL() -> String {
        let documentBase = document.servers.first.map(\.defaultURL)
        var out =
            "    /// The first server of the description, its variables at their defaults. Send the requests elsewhere\n"
        out += "    /// with `Provider.endpointMapping(baseURL:)`.\n"
        out += "    \(access)var baseURL: URL {\n"
        let fallback = Self.validURL(documentBase ?? "") ?? "https://example.invalid"
        let own = plans.filter { $0.baseURL != nil && Self.validURL($0.baseURL ?? "") != nil }
        if own.isEmpty {
            out += "        URL(string: \(SwiftLiteral.string(fallback)))!\n"
        } else {
            out += "        switch self {\n"
            var byURL: [String: [String]] = [:]
            for plan in own { byURL[plan.baseURL ?? "", default: []].append(".\(plan.name)") }
            for url in byURL.keys.sorted() {
                out +=
                    "        case \((byURL[url] ?? []).joined(separator: ", ")): URL(string: \(SwiftLiteral.string(url)))!\n"
            }
            out += "        default: URL(string: \(SwiftLiteral.string(fallback)))!\n        }\n"
        }
        return out + "    }\n\n"
    }

    private func method() -> String {
        var byMethod: [String: [String]] = [:]
        for plan in plans { byMethod[plan.operation.method, default: []].append(".\(plan.name)") }
        var out = "    \(access)var method: HTTPMethod {\n        switch self {\n"
        let methods = Operation.methods.filter { byMethod[$0] != nil }
        for (index, method) in methods.enumerated() {
            let label =
                index == methods.count - 1 ? "default" : "case " + (byMethod[method] ?? []).joined(separator: ", ")
            out += "        \(label): .\(method)\n"
        }
        if methods.isEmpty { return "    \(access)var method: HTTPMethod { .get }\n\n" }
        return out + "        }\n    }\n\n"
    }
}
