/// Writes the declarations of models: structs, string enums that keep unknown values, `oneOf` enums
/// and type aliases, each inside `extension <API>`.
struct ModelWriter {
    /// `public ` or `` (internal).
    let access: String
    /// `nonisolated ` under Swift 6.2 and later compilers, else ``.
    let isolation: String
    /// Where recursion is broken.
    let recursion: RecursionBreaker

    /// The Swift of `decl`, at the top level of an `extension <API> { … }`, indented by four spaces.
    func write(_ decl: TypeDecl) -> String {
        switch decl {
        case .structure(let structure): writeStruct(structure)
        case .stringEnum(let choice): writeStringEnum(choice)
        case .oneOf(let choice): writeOneOf(choice)
        case .alias(let name, let type, let doc, _):
            SwiftLiteral.doc(doc, indent: "    ") + "    \(access)typealias \(name) = \(type.swift)\n"
        }
    }

    private func writeStruct(_ decl: StructDecl) -> String {
        var out = SwiftLiteral.doc(decl.doc, indent: "    ")
        out += "    \(isolation)\(access)struct \(decl.name): Codable, Hashable, Sendable {\n"
        var parameters: [String] = []
        var assignments = ""
        for (index, property) in decl.properties.enumerated() {
            var type = property.type.swift
            if recursion.boxedProperties.contains(.init(structName: decl.name, property: index)) {
                type = "Indirect<\(type)>"
            }
            if property.isOptional { type += "?" }
            out += SwiftLiteral.doc(property.doc, indent: "        ")
            let name = SwiftName.escaped(property.name)
            out += "        \(access)let \(name): \(type)\n"
            parameters.append("\(SwiftName.label(property.name)): \(type)\(property.isOptional ? " = nil" : "")")
            assignments += "            self.\(property.name) = \(name)\n"
        }
        out += "\n        /// A value with every property.\n"
        out += "        \(access)init(\(parameters.joined(separator: ", "))) {\n\(assignments)        }\n"
        // Coding written out with one shared key type: a `CodingKeys` enum per model (what synthesis makes)
        // costs the compiler more than all the rest of the model.
        var decode = ""
        var encode = ""
        for (index, property) in decl.properties.enumerated() {
            var type = property.type.swift
            if recursion.boxedProperties.contains(.init(structName: decl.name, property: index)) {
                type = "Indirect<\(type)>"
            }
            let key = "Key(\(SwiftLiteral.string(property.key)))"
            let present = property.isOptional ? "IfPresent" : ""
            decode +=
                "            self.\(property.name) = try container.decode\(present)(\(type).self, forKey: \(key))\n"
            // A required property that may be null is written as null, not left out.
            let encodePresent = property.isOptional && !property.isRequired ? "IfPresent" : ""
            encode += "            try container.encode\(encodePresent)(self.\(property.name), forKey: \(key))\n"
        }
        let decoderContainer =
            decl.properties.isEmpty
            ? "_ = try decoder.container(keyedBy: Key.self)\n"
            : "let container = try decoder.container(keyedBy: Key.self)\n"
        out +=
            "\n        \(access)init(from decoder: any Decoder) throws {\n            \(decoderContainer)\(decode)        }\n"
        let encoderContainer =
            decl.properties.isEmpty
            ? "_ = encoder.container(keyedBy: Key.self)\n" : "var container = encoder.container(keyedBy: Key.self)\n"
        out +=
            "\n        \(access)func encode(to encoder: any Encoder) throws {\n            \(encoderContainer)\(encode)        }\n"
        return out + "    }\n"
    }

    /// A string enum as a `RawRepresentable` struct with a static member per value: it keeps values the
    /// description does not list, matches in `switch` (`case .available:`), and costs the compiler far
    /// less than an enum whose `init(rawValue:)` compares strings.
    private func writeStringEnum(_ decl: StringEnumDecl) -> String {
        var out = SwiftLiteral.doc(decl.doc, indent: "    ")
        let name = decl.name
        out += "    \(isolation)\(access)struct \(name): RawRepresentable, Codable, Hashable, Sendable {\n"
        out += "        \(access)var rawValue: String\n"
        out += "        \(access)init(rawValue: String) { self.rawValue = rawValue }\n"
        for choice in decl.cases {
            out +=
                "        \(access)static var \(SwiftName.escaped(choice.name)): \(name) { \(name)(rawValue: \(SwiftLiteral.string(choice.value))) }\n"
        }
        return out + "    }\n"
    }

    private func writeOneOf(_ decl: OneOfDecl) -> String {
        var out = SwiftLiteral.doc(decl.doc, indent: "    ")
        let indirect = recursion.indirectEnums.contains(decl.name) ? "indirect " : ""
        out += "    \(isolation)\(access)\(indirect)enum \(decl.name): Codable, Hashable, Sendable {\n"
        for choice in decl.cases { out += "        case \(SwiftName.escaped(choice.name))(\(choice.type.swift))\n" }
        out += "\n        \(access)init(from decoder: any Decoder) throws {\n"
        out += "            let container = try decoder.singleValueContainer()\n"
        if let discriminator = decl.discriminator, !discriminator.values.isEmpty {
            out +=
                "            if let kind = try? decoder.container(keyedBy: Discriminator.self).decode(String.self, forKey: .key) {\n"
            out += "                switch kind {\n"
            var byCase: [Int: [String]] = [:]
            for (value, index) in discriminator.values { byCase[index, default: []].append(value) }
            for index in byCase.keys.sorted() {
                let choice = decl.cases[index]
                let labels = (byCase[index] ?? []).map(SwiftLiteral.string).joined(separator: ", ")
                out +=
                    "                case \(labels): self = .\(choice.name)(try container.decode(\(choice.type.swift).self)); return\n"
            }
            out += "                default: break\n                }\n            }\n"
        }
        for choice in decl.cases {
            out += "            if let value = try? container.decode(\(choice.type.swift).self) {\n"
            out += "                self = .\(choice.name)(value)\n                return\n            }\n"
        }
        out += "            throw DecodingError.dataCorruptedError(\n"
        out +=
            "                in: container, debugDescription: \(SwiftLiteral.string("no alternative of \(decl.name) matches")))\n"
        out += "        }\n\n"
        out += "        \(access)func encode(to encoder: any Encoder) throws {\n"
        out += "            var container = encoder.singleValueContainer()\n            switch self {\n"
        for choice in decl.cases { out += "            case .\(choice.name)(let value): try container.encode(value)\n" }
        out += "            }\n        }\n"
        if let discriminator = decl.discriminator, !discriminator.values.isEmpty {
            out += "\n        private enum Discriminator: String, CodingKey {\n"
            out += "            case key = \(SwiftLiteral.string(discriminator.property))\n        }\n"
        }
        return out + "    }\n"
    }

    /// The box of values a model contains itself through.
    func indirectDeclaration() -> String {
        """
            /// A value stored out of line, so that a model can hold a value of its own type.
            \(isolation)\(access)struct Indirect<Wrapped: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
                private final class Box: Sendable {
                    let value: Wrapped
                    init(_ value: Wrapped) { self.value = value }
                }
                private let box: Box
                /// The value.
                \(access)var value: Wrapped { box.value }
                /// A box holding `value`.
                \(access)init(_ value: Wrapped) { box = Box(value) }
                \(access)init(from decoder: any Decoder) throws { box = Box(try decoder.singleValueContainer().decode(Wrapped.self)) }
                \(access)func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    try container.encode(box.value)
                }
                \(access)static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
                \(access)func hash(into hasher: inout Hasher) { hasher.combine(value) }
            }

        """
    }
}
