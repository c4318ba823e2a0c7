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
            SwiftLiteral.doc(doc, indent: "    ") + "    \(access)typealias \(name) = "
                + (recursion.aliasLoops.contains(name) ? "JSONValue" : type.swift) + "\n"
        }
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
