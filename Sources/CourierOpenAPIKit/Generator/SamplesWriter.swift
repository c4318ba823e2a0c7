/// Writes `API+Samples.swift` (with `--samples`): a target for every operation, its arguments taken from
/// the description's examples or made from its schemas, and a check that sends every typed target
/// through a provider. Tests of a generated client use it; an app can use it for previews.
struct SamplesWriter {
    let apiName: String
    let access: String
    let isolation: String
    let plans: [CasePlan]
    let samples: SampleFactory
    /// Whether the API sends an `Authorization` header (so `CourierPlugins` is imported).
    let usesAuthorization: Bool
    /// Whether the API has the `APIKeys` plugin.
    let hasAPIKeys: Bool
    /// How many operations one sample function covers.
    static let chunkSize = 25

    func write() -> String {
        var out = "\(isolation)extension \(apiName) {\n"
        out +=
            "    /// A target for every operation, with the description's examples or values made from its schemas.\n"
        out += "    /// - Throws: `DecodingError` when a sample does not decode (a generator bug).\n"
        // In functions of a few dozen operations each: one function per operation costs the compiler more,
        // one for all of them costs it far more.
        let chunks = stride(from: 0, to: plans.count, by: Self.chunkSize).map {
            Array(plans[$0..<min($0 + Self.chunkSize, plans.count)])
        }
        out += "    \(access)static func sampleTargets() throws -> [\(apiName)] {\n"
        out += "        var targets: [\(apiName)] = []\n"
        for index in chunks.indices { out += "        try sampleTargets\(index + 1)(&targets)\n" }
        out += "        return targets\n    }\n\n"
        out +=
            "    /// Requests every typed target of a sample through `provider`, and returns a line for each failure.\n"
        out += "    \(access)static func requestTypedSamples(with provider: Provider<\(apiName)>) async -> [String] {\n"
        out += "        var failures: [String] = []\n"
        for index in chunks.indices { out += "        await requestTypedSamples\(index + 1)(provider, &failures)\n" }
        out += "        return failures\n    }\n\n"
        for (index, chunk) in chunks.enumerated() {
            out += "    private static func sampleTargets\(index + 1)(_ targets: inout [\(apiName)]) throws {\n"
            for plan in chunk { out += "        targets.append(\(call(plan, prefix: "")))\n" }
            out += "    }\n\n"
            out +=
                "    private static func requestTypedSamples\(index + 1)(_ provider: Provider<\(apiName)>, _ failures: inout [String]) async {\n"
            for plan in chunk {
                out += "        do { _ = try await provider.request(\(call(plan, prefix: "Typed"))) } catch {\n"
                out +=
                    "            failures.append(\(SwiftLiteral.string(plan.name + ": ")) + String(describing: error))\n        }\n"
            }
            out += "    }\n\n"
        }
        out +=
            "    /// Plugins that send sample credentials: `user:password` as the token, `sample-key` as every API key.\n"
        out += "    \(access)static var samplePlugins: [any PluginType] {\n"
        var plugins: [String] = []
        if usesAuthorization { plugins.append("AccessTokenPlugin { _ in \"dXNlcjpwYXNzd29yZA==\" }") }
        if hasAPIKeys {
            out += "        var keys = APIKeys()\n        keys.setAll(\"sample-key\")\n"
            plugins.append("keys")
        }
        out += "        return [\(plugins.joined(separator: ", "))]\n    }\n\n"
        out += "    /// `json` decoded as the description's dates say.\n"
        out += "    static func sample<Value: Decodable>(_ json: String) throws -> Value {\n"
        out += "        try DateCoding.decoder.decode(Value.self, from: Data(json.utf8))\n    }\n}\n"
        return out
    }

    private func call(_ plan: CasePlan, prefix: String) -> String {
        let name = (prefix.isEmpty ? "." : prefix + ".") + plan.name
        guard !plan.arguments.isEmpty else { return prefix.isEmpty ? name : name + "()" }
        let arguments = plan.arguments.map { argument in
            "\(SwiftName.label(argument.label)): \(value(argument, plan: plan))"
        }
        return "\(name)(\(arguments.joined(separator: ", ")))"
    }

    private func value(_ argument: CasePlan.Argument, plan: CasePlan) -> String {
        guard let parameter = argument.parameter else {
            switch plan.body {
            case .binary: return "Data(\"sample\".utf8)"
            case .text: return SwiftLiteral.string(bodyMedia(plan)?.example?.string ?? "sample")
            default:
                let media = bodyMedia(plan)
                let json = samples.sample(argument.type, schema: media?.schema, example: media?.example).jsonText
                return "try sample(\(SwiftLiteral.raw(json)))"
            }
        }
        if argument.isOptional, !parameter.isRequired, hasNoStyledForm(parameter, argument.type) { return "nil" }
        let schema = parameter.content?.schema ?? parameter.schema
        let json = samples.sample(argument.type, schema: schema, example: parameter.example).jsonText
        return "try sample(\(SwiftLiteral.raw(json)))"
    }

    /// Whether OpenAPI defines no way to write the parameter: a list of objects in a style other
    /// than `deepObject` and without `content` (Box's `mdfilters`). An optional one is left out of
    /// the samples, whose requests are judged against the document.
    private func hasNoStyledForm(_ parameter: Parameter, _ type: TypeRef) -> Bool {
        guard parameter.content == nil, parameter.style != "deepObject", case .array(let element) = type else {
            return false
        }
        switch element {
        case .json, .array, .dictionary: return true
        case .named(let name):
            switch samples.declarations[name] {
            case .structure?, .oneOf?: return true
            default: return false
            }
        default: return false
        }
    }

    private func bodyMedia(_ plan: CasePlan) -> MediaType? {
        guard let content = plan.operation.requestBody?.content else { return nil }
        switch plan.body {
        case .json: return content.first(where: \.isJSON)
        case .form: return content.first { $0.name == "application/x-www-form-urlencoded" }
        case .multipart(let media): return media
        default: return content.first
        }
    }
}
