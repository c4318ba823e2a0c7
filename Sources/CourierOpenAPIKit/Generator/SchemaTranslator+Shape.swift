extension SchemaTranslator {
    /// Whether translating `value` may declare a type: an object, a composition or an enum.
    static func mayDeclare(_ value: DocumentValue) -> Bool {
        ["properties", "allOf", "oneOf", "anyOf", "enum"].contains { value[$0] != nil }
    }

    /// The members of a schema that say nothing about its type: two schemas that differ only in them
    /// declare the same type.
    private static let annotations: Set<String> = [
        "description", "title", "example", "examples", "externalDocs", "deprecated", "readOnly", "writeOnly", "xml",
        "default", "$comment",
    ]

    /// `value` without its annotations (``annotations``, `x-` extensions), at every level a schema has
    /// schemas: what two inline schemas must share to be one type.
    static func shapeKey(_ value: DocumentValue, depth: Int) -> DocumentValue {
        guard depth < 32, case .object(let object) = value else { return value }
        var members: [DocumentMember] = []
        for member in object.members where !annotations.contains(member.key) && !member.key.hasPrefix("x-") {
            switch member.key {
            case "properties", "patternProperties", "$defs", "definitions":
                let schemas = (member.value.object?.members ?? []).map {
                    DocumentMember(key: $0.key, value: shapeKey($0.value, depth: depth + 1))
                }
                members.append(DocumentMember(key: member.key, value: .object(DocumentObject(schemas))))
            case "items", "additionalProperties", "not", "contains", "propertyNames":
                members.append(DocumentMember(key: member.key, value: shapeKey(member.value, depth: depth + 1)))
            case "allOf", "oneOf", "anyOf", "prefixItems":
                let schemas = (member.value.array ?? []).map { shapeKey($0, depth: depth + 1) }
                members.append(DocumentMember(key: member.key, value: .array(schemas)))
            default:
                members.append(member)
            }
        }
        return .object(DocumentObject(members))
    }
}
