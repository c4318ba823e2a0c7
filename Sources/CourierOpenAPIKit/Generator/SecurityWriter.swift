/// Writes the security of the operations: `AccessTokenAuthorizable` for `Authorization` schemes, and
/// the `APIKeys` plugin for apiKey schemes.
struct SecurityWriter {
    let apiName: String
    let access: String
    let isolation: String
    let plans: [CasePlan]
    let schemes: [SecurityScheme]

    /// `extension API: AccessTokenAuthorizable`, when an operation needs an `Authorization` header.
    func authorization() -> String? {
        let needing = plans.filter { $0.authorization != nil }
        guard !needing.isEmpty else { return nil }
        var byType: [String: [String]] = [:]
        for plan in needing { byType[plan.authorization ?? "", default: []].append(".\(plan.name)") }
        var out = "\(isolation)extension \(apiName): AccessTokenAuthorizable {\n"
        out += "    /// The `Authorization` scheme each operation needs: add an `AccessTokenPlugin` to the provider.\n"
        out += "    \(access)var authorizationType: AuthorizationType? {\n        switch self {\n"
        for type in byType.keys.sorted() {
            out += "        case \((byType[type] ?? []).joined(separator: ", ")): \(type)\n"
        }
        if needing.count < plans.count { out += "        default: nil\n" }
        return out + "        }\n    }\n}\n"
    }

    /// The `APIKeys` plugin, when an operation needs an API key.
    func apiKeys() -> String? {
        let keySchemes = schemes.filter { if case .apiKey = $0.kind { true } else { false } }
        guard !keySchemes.isEmpty, plans.contains(where: { !$0.apiKeys.isEmpty }) else { return nil }
        var names = NameScope(reserved: ["prepare", "init"])
        let properties = keySchemes.map { scheme in
            (scheme, names.claim(SwiftName.identifier(SwiftName.lowerCamel(scheme.name), fallback: "key")))
        }
        var out = "\(isolation)extension \(apiName) {\n"
        out +=
            "    /// The description's API keys: give the plugin the keys, add it to the provider, and each request carries\n"
        out += "    /// the keys its operation needs.\n"
        out += "    \(access)struct APIKeys: PluginType {\n"
        for (scheme, property) in properties {
            guard case .apiKey(let name, let location) = scheme.kind else { continue }
            out += SwiftLiteral.doc(
                "`\(scheme.name)`: the \(location.rawValue) `\(name)`." + (scheme.description.map { " " + $0 } ?? ""),
                indent: "        ")
            out += "        \(access)var \(SwiftName.escaped(property)): String?\n"
        }
        let parameters = properties.map { "\(SwiftName.label($0.1)): String? = nil" }.joined(separator: ", ")
        out += "\n        /// The keys; a key left `nil` is not sent.\n"
        out += "        \(access)init(\(parameters)) {\n"
        for (_, property) in properties { out += "            self.\(property) = \(SwiftName.escaped(property))\n" }
        out += "        }\n\n"
        out += "        /// Sets every key to `key`.\n"
        out += "        \(access)mutating func setAll(_ key: String) {\n"
        for (_, property) in properties { out += "            self.\(property) = key\n" }
        out += "        }\n\n"
        out += "        /// Adds the keys `target`'s operation needs.\n"
        out += "        \(access)func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {\n"
        out +=
            "            guard let target = ((target as? MultiTarget)?.target ?? target) as? \(apiName) else { return request }\n"
        out += "            var request = request\n"
        out += "            for scheme in target.apiKeySchemes {\n                switch scheme {\n"
        for (scheme, property) in properties {
            guard case .apiKey(let name, let location) = scheme.kind else { continue }
            let key = SwiftLiteral.string(name)
            let value = "self.\(property)"
            let action: String
            switch location {
            case .header: action = "request.setValue(value, forHTTPHeaderField: \(key))"
            case .query: action = "request.url = Self.url(request.url, adding: \(key), value)"
            default:
                action =
                    "request.setValue([request.value(forHTTPHeaderField: \"Cookie\"), \(key) + \"=\" + value]"
                    + ".compactMap { $0 }.joined(separator: \"; \"), forHTTPHeaderField: \"Cookie\")"
            }
            out += "                case \(SwiftLiteral.string(scheme.name)): if let value = \(value) { \(action) }\n"
        }
        out +=
            "                default: break\n                }\n            }\n            return request\n        }\n\n"
        out += """
                    private static func url(_ url: URL?, adding name: String, _ value: String) -> URL? {
                        guard let url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
                        var allowed = CharacterSet.urlQueryAllowed
                        allowed.remove(charactersIn: "&=+#")
                        let pair = (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name) + "="
                            + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
                        components.percentEncodedQuery = [components.percentEncodedQuery, pair].compactMap { $0 }.joined(separator: "&")
                        return components.url ?? url
                    }
                }

            """
        var byKeys: [String: [String]] = [:]
        for plan in plans where !plan.apiKeys.isEmpty {
            let list = "[" + plan.apiKeys.map { SwiftLiteral.string($0.name) }.joined(separator: ", ") + "]"
            byKeys[list, default: []].append(".\(plan.name)")
        }
        out +=
            "\n    /// The apiKey schemes each operation needs.\n    var apiKeySchemes: [String] {\n        switch self {\n"
        for list in byKeys.keys.sorted() {
            out += "        case \((byKeys[list] ?? []).joined(separator: ", ")): \(list)\n"
        }
        if plans.contains(where: { $0.apiKeys.isEmpty }) { out += "        default: []\n" }
        out += "        }\n    }\n"
        out += credentialHeaders(keySchemes)
        return out + "}\n"
    }

    /// `credentialHeaders`, naming the headers the apiKey schemes send: no redirect carries them to
    /// another origin, and the logger hides their values, whatever they are called (`X-Acme-Token`
    /// is no name Courier knows for a secret). Empty when no key goes in a header.
    private func credentialHeaders(_ keySchemes: [SecurityScheme]) -> String {
        let headers = Set(
            keySchemes.compactMap { scheme -> String? in
                guard case .apiKey(let name, .header) = scheme.kind else { return nil }
                return name
            })
        guard !headers.isEmpty else { return "" }
        let list = headers.sorted().map(SwiftLiteral.string).joined(separator: ", ")
        var out = "\n    /// The headers that carry the description's API keys: never sent on to another origin,"
        out += " hidden in logs.\n"
        out += "    \(access)var credentialHeaders: Set<String> { [\(list)] }\n"
        return out
    }
}
