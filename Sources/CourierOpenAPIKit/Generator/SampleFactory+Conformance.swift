import Foundation

extension SampleFactory {
    /// Whether `value` decodes as `type` (the document's own examples are not always right).
    func conforms(_ value: DocumentValue, to type: TypeRef, depth: Int) -> Bool {
        guard depth < 64 else { return false }
        switch (type, value) {
        case (.json, _): return true
        case (.string, .string): return true
        case (.int, .number(let text)): return Int(text) != nil
        case (.double, .number): return true
        case (.bool, .bool): return true
        case (.date, .string(let text)): return Self.parsesAsDate(text)
        case (.day, .string(let text)): return Self.parsesAsDate(text)
        case (.uuid, .string(let text)): return UUID(uuidString: text) != nil
        case (.data, .string(let text)): return Data(base64Encoded: text) != nil
        case (.array(let element), .array(let elements)):
            return elements.allSatisfy { conforms($0, to: element, depth: depth + 1) }
        case (.dictionary(let valueType), .object(let object)):
            return object.members.allSatisfy { conforms($0.value, to: valueType, depth: depth + 1) }
        case (.named(let name), _):
            return conforms(value, toNamed: name, depth: depth)
        default:
            return false
        }
    }

    private func conforms(_ value: DocumentValue, toNamed name: String, depth: Int) -> Bool {
        switch declarations[name] {
        case .structure(let decl):
            guard case .object(let object) = value else { return false }
            return decl.properties.allSatisfy { property in
                guard let member = object[property.key], member != .null else { return property.isOptional }
                return conforms(member, to: property.type, depth: depth + 1)
            }
        case .stringEnum:
            return value.string != nil
        case .oneOf(let decl):
            if let discriminator = decl.discriminator, let tag = value[discriminator.property]?.string,
                let index = discriminator.values.first(where: { $0.value == tag })?.caseIndex
            {
                return conforms(value, to: decl.cases[index].type, depth: depth + 1)
            }
            return decl.cases.contains { conforms(value, to: $0.type, depth: depth + 1) }
        case .alias(_, let type, _, _):
            return conforms(value, to: type, depth: depth + 1)
        case nil:
            return false
        }
    }

    /// Whether the generated decoder reads `text` as a date: ISO 8601 with or without fractional
    /// seconds, or a calendar date.
    static func parsesAsDate(_ text: String) -> Bool {
        if (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)) != nil { return true }
        if (try? Date.ISO8601FormatStyle().parse(text)) != nil { return true }
        return (try? Date.ISO8601FormatStyle().year().month().day().parse(text)) != nil
    }
}
