extension DocumentValue {
    /// The value as compact JSON text, members in document order, numbers as the document wrote them.
    /// Deep values are written with a stack of their own, not by recursion.
    package var jsonText: String {
        var output = ""
        enum Step {
            case value(DocumentValue)
            case text(String)
        }
        var stack: [Step] = [.value(self)]
        while let step = stack.popLast() {
            switch step {
            case .text(let text):
                output += text
            case .value(.null): output += "null"
            case .value(.bool(let bool)): output += bool ? "true" : "false"
            case .value(.number(let number)): output += number
            case .value(.string(let string)): Self.appendQuoted(string, to: &output)
            case .value(.array(let elements)):
                output += "["
                stack.append(.text("]"))
                for (position, element) in elements.enumerated().reversed() {
                    stack.append(.value(element))
                    if position > 0 { stack.append(.text(",")) }
                }
            case .value(.object(let object)):
                output += "{"
                stack.append(.text("}"))
                for (position, member) in object.members.enumerated().reversed() {
                    stack.append(.value(member.value))
                    var key = ""
                    if position > 0 { key += "," }
                    Self.appendQuoted(member.key, to: &key)
                    key += ":"
                    stack.append(.text(key))
                }
            }
        }
        return output
    }

    /// Appends `string` as a JSON string literal. U+2028 and U+2029 are escaped too, as JavaScript
    /// before ES2019 needs.
    package static func appendQuoted(_ string: String, to output: inout String) {
        QuotedText.append(
            string, to: &output, escaping: { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" },
            as: { value in
                let hex = String(value, radix: 16)
                return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            })
    }
}
