extension ConformanceWriter {
    /// `var task`: query parameters in their styles, and the body in its media type.
    func task() -> String {
        var out = "    \(access)var task: HTTPTask {\n        switch self {\n"
        for plan in plans {
            let query = plan.parameterArguments.filter { $0.parameter?.location == .query }
            var used = Set(query.map(\.label))
            if let body = plan.bodyArgument { used.insert(body.label) }
            let fixed = plan.fixedQuery
            var lines: [String] = []
            if !query.isEmpty || !fixed.isEmpty {
                lines.append("var query_: [String: Any] = [:]")
                for pair in fixed {
                    lines.append("query_[\(SwiftLiteral.string(pair.name))] = \(SwiftLiteral.string(pair.value))")
                }
                for argument in query { lines.append(queryLine(argument)) }
            }
            let queryName = query.isEmpty && fixed.isEmpty ? nil : "query_"
            if let body = plan.bodyArgument, let kind = plan.body {
                let name = SwiftName.escaped(body.label)
                if body.isOptional {
                    lines.append("guard let \(name) else { return \(plainTask(queryName)) }")
                }
                lines.append("return " + bodyTask(kind, plan: plan, body: body, query: queryName))
            } else {
                lines.append("return " + plainTask(queryName))
            }
            out += "        \(TargetWriter.pattern(plan, binding: used)):\n"
            for line in lines { out += "            \(line)\n" }
        }
        return out + "        }\n    }\n\n"
    }

    private func plainTask(_ query: String?) -> String {
        guard let query else { return ".requestPlain" }
        return ".requestParameters(parameters: \(query), encoding: URLEncoding.queryString)"
    }

    /// `query_["name"] = …` for one query argument, in its style. (The locals end in `_`, which no label
    /// made from a parameter's name does, so that a parameter named `query` is not hidden.)
    private func queryLine(_ argument: CasePlan.Argument) -> String {
        let name = SwiftName.escaped(argument.label)
        let key = SwiftLiteral.string(argument.parameter?.name ?? argument.label)
        let value = argument.isOptional ? "$0" : name
        let expression: String
        if let content = argument.parameter?.content, content.isJSON {
            expression = "\(apiName).DateCoding.jsonText(\(value))"
        } else if let text = values.text(value, argument.type) {
            expression = text
        } else {
            let parameter = argument.parameter
            let style = OperationPlanner.styleName(parameter?.style, explode: parameter?.explode ?? true) ?? "form"
            expression = "StyledParameter(\(value), style: .\(style))"
        }
        if !argument.isOptional || expression == "$0" {
            return "query_[\(key)] = \(argument.isOptional ? name : expression)"
        }
        return "query_[\(key)] = \(name).map { \(expression) }"
    }

    private func bodyTask(_ kind: CasePlan.Body, plan: CasePlan, body: CasePlan.Argument, query: String?) -> String {
        let name = SwiftName.escaped(body.label)
        switch kind {
        case .json(let mediaType):
            let encoder = usesDates ? "\(apiName).DateCoding.encoder" : nil
            guard let query else {
                if let encoder { return ".requestCustomJSONEncodable(\(name), encoder: \(encoder))" }
                return ".requestJSONEncodable(\(name))"
            }
            let make = "try \(encoder ?? "JSONEncoder()").encode(\(name))"
            return ".requestCompositeParameters(bodyParameters: [:], bodyEncoding: BodyEncoding(contentType: "
                + "\(SwiftLiteral.string(mediaType))) { \(make) }, urlParameters: \(query))"
        case .form(let memberStyles):
            var styled = "StyledParameter(\(name)"
            if !memberStyles.isEmpty {
                let pairs = memberStyles.map { "\(SwiftLiteral.string($0.name)): .\($0.style)" }
                styled += ", memberStyles: [\(pairs.joined(separator: ", "))]"
            }
            styled += ")"
            guard let query else {
                return ".requestParameters(parameters: [\"body\": \(styled)], encoding: URLEncoding.httpBody)"
            }
            return
                ".requestCompositeParameters(bodyParameters: [\"body\": \(styled)], bodyEncoding: URLEncoding.httpBody, "
                + "urlParameters: \(query))"
        case .multipart:
            let form = "\(apiName).Multipart.form(\(name))"
            guard let query else { return ".uploadMultipartFormData(\(form))" }
            return ".uploadCompositeMultipartFormData(\(form), urlParameters: \(query))"
        case .binary:
            guard let query else { return ".requestData(\(name))" }
            return ".requestCompositeData(bodyData: \(name), urlParameters: \(query))"
        case .text:
            guard let query else { return ".requestData(Data(\(name).utf8))" }
            return ".requestCompositeData(bodyData: Data(\(name).utf8), urlParameters: \(query))"
        }
    }

    /// `var headers`: header and cookie parameters, and the body's media type where Courier does not set it.
    func headers() -> String {
        var out = "    \(access)var headers: [String: String]? {\n        switch self {\n"
        var covered = 0
        for plan in plans {
            let headerArguments = plan.parameterArguments.filter { $0.parameter?.location == .header }
            let cookies = plan.parameterArguments.filter { $0.parameter?.location == .cookie }
            var contentType: String?
            switch plan.body {
            case .json(let mediaType) where mediaType != "application/json": contentType = mediaType
            case .binary(let mediaType), .text(let mediaType): contentType = mediaType
            default: break
            }
            guard !headerArguments.isEmpty || !cookies.isEmpty || contentType != nil else { continue }
            covered += 1
            let used = Set((headerArguments + cookies).map(\.label))
            out += "        \(TargetWriter.pattern(plan, binding: used)):\n"
            out += "            var headers_: [String: String] = [:]\n"
            if let contentType {
                out += "            headers_[\"Content-Type\"] = \(SwiftLiteral.string(contentType))\n"
            }
            for argument in headerArguments {
                out +=
                    "            headers_[\(SwiftLiteral.string(argument.parameter?.name ?? argument.label))] = "
                    + optionalText(argument) + "\n"
            }
            if !cookies.isEmpty {
                out += "            var cookies_: [String] = []\n"
                for argument in cookies {
                    let key = SwiftLiteral.string((argument.parameter?.name ?? argument.label) + "=")
                    out +=
                        "            if let cookie_ = (\(optionalText(argument))) { cookies_.append(\(key) + cookie_) }\n"
                }
                out += "            if !cookies_.isEmpty {\n"
                out += "                headers_[\"Cookie\"] = cookies_.joined(separator: \"; \")\n            }\n"
            }
            out += "            return headers_\n"
        }
        if covered == 0 { return "    \(access)var headers: [String: String]? { nil }\n\n" }
        if covered < plans.count { out += "        default:\n            return nil\n" }
        return out + "        }\n    }\n\n"
    }

    /// The argument as header text: an expression of type `String?`.
    private func optionalText(_ argument: CasePlan.Argument) -> String {
        let name = SwiftName.escaped(argument.label)
        let value = argument.isOptional ? "$0" : name
        let text: String
        if let content = argument.parameter?.content, content.isJSON {
            text = "\(apiName).DateCoding.jsonText(\(value))"
        } else if let scalar = values.text(value, argument.type) {
            text = scalar
        } else if let element = values.scalarElement(of: argument.type) {
            let each = values.text("$0", element) ?? "$0"
            text = (each == "$0" ? value : "\(value).map { \(each) }") + ".joined(separator: \",\")"
        } else {
            text = "\(apiName).DateCoding.jsonText(\(value))"
        }
        if argument.isOptional { return text == "$0" ? name : "\(name).map { \(text) }" }
        return text == name ? "Optional(\(name))" : "Optional(\(text))"
    }
}
