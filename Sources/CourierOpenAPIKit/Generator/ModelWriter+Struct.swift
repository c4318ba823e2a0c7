extension ModelWriter {
    /// A struct: its members as `let` constants, an initializer with every member, and its coding written
    /// out with one shared key type (a `CodingKeys` enum per model, what synthesis makes, costs the
    /// compiler more than all the rest of the model). Members the description does not name, when it
    /// allows them (`additionalProperties`), are kept in `additionalProperties`.
    func writeStruct(_ decl: StructDecl) -> String {
        var out = SwiftLiteral.doc(decl.doc, indent: "    ")
        out += "    \(isolation)\(access)struct \(decl.name): Codable, Hashable, Sendable {\n"
        var parameters: [String] = []
        var assignments = ""
        var decode = ""
        var encode = ""
        for (index, property) in decl.properties.enumerated() {
            var type = property.type.swift
            if recursion.boxedProperties.contains(.init(structName: decl.name, property: index)) {
                type = "Indirect<\(type)>"
            }
            let optional = property.isOptional ? "?" : ""
            out += SwiftLiteral.doc(property.doc, indent: "        ")
            let name = SwiftName.escaped(property.name)
            out += "        \(access)let \(name): \(type)\(optional)\n"
            parameters.append(
                "\(SwiftName.label(property.name)): \(type)\(optional)\(property.isOptional ? " = nil" : "")")
            assignments += "            self.\(property.name) = \(name)\n"
            let key = "Key(\(SwiftLiteral.string(property.key)))"
            let present = property.isOptional ? "IfPresent" : ""
            decode +=
                "            self.\(property.name) = try container.decode\(present)(\(type).self, forKey: \(key))\n"
            // A required property that may be null is written as null, not left out.
            let encodePresent = property.isOptional && !property.isRequired ? "IfPresent" : ""
            encode += "            try container.encode\(encodePresent)(self.\(property.name), forKey: \(key))\n"
        }
        if let additional = decl.additional {
            let type = "[String: \(additional.swift)]"
            out += "        /// The members the description does not name.\n"
            out += "        \(access)let additionalProperties: \(type)\n"
            parameters.append("additionalProperties: \(type) = [:]")
            assignments += "            self.additionalProperties = additionalProperties\n"
            decode += "            var additionalProperties: \(type) = [:]\n"
            decode += "            for key in container.allKeys where !Self.namedMembers.contains(key.stringValue) {\n"
            decode +=
                "                additionalProperties[key.stringValue] = try container.decode(\(additional.swift).self, forKey: key)\n"
            decode += "            }\n            self.additionalProperties = additionalProperties\n"
            encode += "            for (key, value) in additionalProperties where !Self.namedMembers.contains(key) {\n"
            encode += "                try container.encode(value, forKey: Key(key))\n            }\n"
            let names = decl.properties.map { SwiftLiteral.string($0.key) }.joined(separator: ", ")
            out += "        private static let namedMembers: Set<String> = [\(names)]\n"
        }
        out += "\n        /// A value with every member.\n"
        out += "        \(access)init(\(parameters.joined(separator: ", "))) {\n\(assignments)        }\n"
        out += "\n        \(access)init(from decoder: any Decoder) throws {\n"
        out += "            let container = try decoder.container(keyedBy: Key.self)\n\(decode)        }\n"
        out += "\n        \(access)func encode(to encoder: any Encoder) throws {\n"
        out += "            var container = encoder.container(keyedBy: Key.self)\n\(encode)        }\n"
        return out + "    }\n"
    }
}
