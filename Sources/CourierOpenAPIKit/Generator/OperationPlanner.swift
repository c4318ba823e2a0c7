/// Plans the case of each operation: its name, its labelled arguments, its body and its answer.
struct OperationPlanner {
    /// Members of the generated enum a case must not be named after.
    static let reservedCaseNames: Set<String> = [
        "baseURL", "path", "method", "task", "headers", "sampleData", "validationType", "timeoutInterval",
        "timeoutIntervalForResource", "decoder", "encoder", "cachePolicy", "authorizationType", "hashValue",
        "apiKeySchemes", "credentialHeaders", "pathIsPercentEncoded", "webSocketConfiguration", "self", "init",
        "Type", "Protocol", "description",
    ]

    /// The plans, in document order.
    static func plan(_ document: OpenAPIDocument, _ translator: inout SchemaTranslator) -> [CasePlan] {
        var caseNames = NameScope()
        let documentBase = document.servers.first?.defaultURL
        return document.operations.map { operation in
            var name = SwiftName.lowerCamel(operation.operationID ?? "")
            if name.isEmpty { name = SwiftName.lowerCamel(operation.method + " " + operation.path) }
            name = SwiftName.identifier(name, fallback: operation.method)
            if reservedCaseNames.contains(name) { name += "_" }
            name = caseNames.claim(name)
            let typePrefix = SwiftName.upperCamel(name)
            var plan = CasePlan(
                name: name, operation: operation, arguments: [], body: nil, answer: .none, answerMedia: nil,
                answerStatus: 200, eventType: nil, authorization: nil, apiKeys: [], baseURL: nil)
            plan.arguments = arguments(operation, typePrefix: typePrefix, &translator)
            planBody(&plan, typePrefix: typePrefix, &translator)
            planAnswer(&plan, typePrefix: typePrefix, &translator)
            planSecurity(&plan, document)
            if let own = operation.servers.first?.defaultURL, own != documentBase { plan.baseURL = own }
            return plan
        }
    }

    // MARK: - Arguments

    private static func arguments(_ operation: Operation, typePrefix: String, _ translator: inout SchemaTranslator)
        -> [CasePlan.Argument]
    {
        var labels = NameScope(reserved: ["body"])
        var parameters = operation.parameters
        // Path parameters in the order the path names them, then the others in document order.
        let pathNames = pathParameterNames(operation.path)
        for name in pathNames where !parameters.contains(where: { $0.location == .path && $0.name == name }) {
            translator.diagnostics.warn(
                "the path names {\(name)} but no path parameter declares it; it is a String argument",
                at: operation.pointer)
            parameters.append(
                Parameter(
                    name: name, location: .path, isRequired: true, style: "simple", explode: false,
                    allowReserved: false, schema: nil, content: nil, description: nil, example: nil,
                    pointer: operation.pointer))
        }
        let order: [ParameterLocation] = [.path, .query, .header, .cookie]
        let sorted = order.flatMap { location in
            let here = parameters.filter { $0.location == location }
            guard location == .path else { return here }
            return here.sorted {
                (pathNames.firstIndex(of: $0.name) ?? .max) < (pathNames.firstIndex(of: $1.name) ?? .max)
            }
        }
        return sorted.compactMap { parameter in
            if parameter.location == .path, !pathNames.contains(parameter.name) {
                translator.diagnostics.warn(
                    "the path parameter \"\(parameter.name)\" is not in the path; it is left out", at: parameter.pointer
                )
                return nil
            }
            if parameter.location == .header,
                ["accept", "content-type", "authorization"].contains(parameter.name.lowercased())
            {
                translator.diagnostics.warn(
                    "the header \"\(parameter.name)\" is set by Courier (content type, authorization plugin); it is left out",
                    at: parameter.pointer)
                return nil
            }
            var label = SwiftName.identifier(SwiftName.lowerCamel(parameter.name), fallback: "value")
            if labels.contains(label) { label += SwiftName.upperCamel(parameter.location.rawValue) }
            label = labels.claim(label)
            let hint = typePrefix + SwiftName.upperCamel(parameter.name)
            let schema = parameter.content?.schema ?? parameter.schema
            var (type, nullable) = translator.type(of: schema, hint: hint)
            if schema == nil, parameter.content == nil { type = .string }
            return CasePlan.Argument(
                label: label, type: type,
                isOptional: !parameter.isRequired || (nullable && parameter.location != .path),
                parameter: parameter, doc: parameter.description)
        }
    }

    /// The names of `{parameters}` in a path template, in order.
    static func pathParameterNames(_ path: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in path {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                names.append(name)
                current = nil
            } else if current != nil {
                current?.append(character)
            }
        }
        return names
    }

    // MARK: - Body

    private static func planBody(_ plan: inout CasePlan, typePrefix: String, _ translator: inout SchemaTranslator) {
        guard let requestBody = plan.operation.requestBody, !requestBody.content.isEmpty else { return }
        let media =
            requestBody.content.first(where: \.isJSON)
            ?? requestBody.content.first { $0.name == "application/x-www-form-urlencoded" }
            ?? requestBody.content.first { $0.name == "multipart/form-data" } ?? requestBody.content[0]
        let type: TypeRef
        let body: CasePlan.Body
        if media.isJSON {
            type = translator.type(of: media.schema, hint: typePrefix + "Request").type
            body = .json(mediaType: media.name == "*/*" ? "application/json" : media.name)
        } else if media.name == "application/x-www-form-urlencoded" {
            type = translator.type(of: media.schema, hint: typePrefix + "Request").type
            body = .form(
                memberStyles: media.encoding.sorted { $0.key < $1.key }.compactMap { name, encoding in
                    guard let style = styleName(encoding.style, explode: encoding.explode), style != "form" else {
                        return nil
                    }
                    return (name, style)
                })
        } else if media.name == "multipart/form-data" {
            type = translator.type(of: media.schema, hint: typePrefix + "Request").type
            body = .multipart(media)
        } else if media.name.hasPrefix("text/") || media.name == "application/xml" {
            type = .string
            body = .text(mediaType: media.name)
        } else {
            type = .data
            body = .binary(mediaType: media.name.contains("*") ? "application/octet-stream" : media.name)
        }
        plan.body = body
        plan.arguments.append(
            CasePlan.Argument(
                label: "body", type: type, isOptional: !requestBody.isRequired, parameter: nil,
                doc: requestBody.description))
    }

    /// The name of a ``StyledParameter/Style`` case for an OpenAPI style.
    static func styleName(_ style: String?, explode: Bool) -> String? {
        switch style ?? "form" {
        case "form": explode ? "form" : "commaDelimited"
        case "spaceDelimited": explode ? "form" : "spaceDelimited"
        case "pipeDelimited": explode ? "form" : "pipeDelimited"
        case "deepObject": "deepObject"
        default: nil
        }
    }

    // MARK: - Answer

    private static func planAnswer(_ plan: inout CasePlan, typePrefix: String, _ translator: inout SchemaTranslator) {
        let responses = plan.operation.responses
        let success =
            responses.filter { Int($0.status).map { (200..<300).contains($0) } ?? false }
            .min { (Int($0.status) ?? 0) < (Int($1.status) ?? 0) }
            ?? responses.first { $0.status.uppercased() == "2XX" } ?? responses.first { $0.status == "default" }
        guard let success else { return }
        plan.answerStatus = Int(success.status) ?? 200
        let content = success.response.content
        guard !content.isEmpty else {
            plan.answer = .none
            return
        }
        if let events = content.first(where: { $0.name == "text/event-stream" }) {
            plan.eventType = translator.type(of: events.schema, hint: typePrefix + "Event").type
        }
        if let json = content.first(where: \.isJSON) {
            plan.answer = .decoded(translator.type(of: json.schema, hint: typePrefix + "Response").type)
            plan.answerMedia = json
        } else if let text = content.first(where: { $0.name.hasPrefix("text/") }) {
            plan.answer = .text
            plan.answerMedia = text
        } else {
            plan.answer = .data
            plan.answerMedia = content[0]
        }
    }

    // MARK: - Security

    private static func planSecurity(_ plan: inout CasePlan, _ document: OpenAPIDocument) {
        let requirements = plan.operation.security ?? document.security
        // The first alternative that can be sent; an empty alternative means no credential is needed.
        for alternative in requirements {
            let schemes = alternative.compactMap { name in document.securitySchemes.first { $0.name == name } }
            guard schemes.count == alternative.count else { continue }
            for scheme in schemes {
                switch scheme.kind {
                case .bearer: plan.authorization = plan.authorization ?? ".bearer"
                case .basic: plan.authorization = plan.authorization ?? ".basic"
                case .otherHTTP(let name):
                    plan.authorization =
                        plan.authorization ?? ".custom(\(SwiftLiteral.string(SwiftName.upperCamel(name))))"
                case .apiKey: plan.apiKeys.append(scheme)
                case .mutualTLS: break
                }
            }
            return
        }
    }
}
