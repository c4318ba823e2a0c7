extension ConformanceWriter {
    /// `var path`: each operation's path with its parameters in their styles, percent-encoded.
    func path() -> String {
        var out = "    \(access)var path: String {\n        switch self {\n"
        for plan in plans {
            let (text, used) = pathExpression(plan)
            out += "        \(TargetWriter.pattern(plan, binding: used)): \(text)\n"
        }
        out += "        }\n    }\n\n"
        out +=
            "    /// Path parameters are percent-encoded as their styles say, so a `/` in a value stays in its segment.\n"
        return out + "    \(access)var pathIsPercentEncoded: Bool { true }\n\n"
    }

    /// The path as a string literal with the path parameters interpolated in their styles.
    private func pathExpression(_ plan: CasePlan) -> (String, Set<String>) {
        var literal = ""
        var used: Set<String> = []
        var name: String?
        for character in plan.pathTemplate {
            if character == "{" {
                name = ""
                continue
            }
            if character == "}", let parameterName = name {
                name = nil
                if let argument = plan.arguments.first(where: {
                    $0.parameter?.location == .path && $0.parameter?.name == parameterName
                }) {
                    used.insert(argument.label)
                    literal += "\\(" + pathValue(argument) + ")"
                }
                continue
            }
            if name != nil {
                name?.append(character)
            } else if character == "%" {
                literal += "%25"  // the path is percent-encoded: a `%` of the document's own is one
            } else {
                literal += SwiftLiteral.string(String(character)).dropFirst().dropLast()
            }
        }
        return ("\"" + literal + "\"", used)
    }

    /// The text of a path parameter in its style, each value escaped (``SupportWriter/pathSegment()``).
    private func pathValue(_ argument: CasePlan.Argument) -> String {
        let name = SwiftName.escaped(argument.label)
        let parameter = argument.parameter
        let style = parameter?.style ?? "simple"
        let explode = parameter?.explode ?? false
        let key = Self.escapedSegment(parameter?.name ?? argument.label)
        let prefix: String
        let separator: String
        switch style {
        case "label":
            prefix = "."
            separator = explode ? "." : ","
        case "matrix":
            prefix = ";\(key)="
            separator = explode ? ";\(key)=" : ","
        default:
            prefix = ""
            separator = ","
        }
        if let text = values.text(name, argument.type, interpolated: prefix.isEmpty) {
            let escaped = values.mayNeedEscaping(argument.type) ? "PathSegment.escaped(\(text))" : text
            return prefix.isEmpty ? escaped : "\(SwiftLiteral.string(prefix)) + \(escaped)"
        }
        if let element = values.scalarElement(of: argument.type) {
            var each = values.text("$0", element) ?? "$0"
            if values.mayNeedEscaping(element) { each = "PathSegment.escaped(\(each))" }
            let list = each == "$0" ? name : "\(name).map { \(each) }"
            return "\(SwiftLiteral.string(prefix)) + \(list).joined(separator: \(SwiftLiteral.string(separator)))"
        }
        return "\(SwiftLiteral.string(prefix)) + PathSegment.escaped(\(apiName).DateCoding.jsonText(\(name)))"
    }

    /// `text` with every byte but letters, digits and `-._~` percent-encoded, as the generated
    /// `PathSegment.escaped(_:)` escapes a value.
    static func escapedSegment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
