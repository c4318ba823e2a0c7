/// An `import` declaration: `@testable import Moya`, `import struct Moya.Endpoint`, `public import Alamofire`…
struct ImportDeclaration {
    /// The position of its first code token (an attribute, a modifier or `import`).
    let first: Int
    /// The position of `import`.
    let keyword: Int
    /// The position of the module's name (the first component of the path).
    let module: Int
    /// The position of the path's last component.
    let last: Int
    /// The module's name.
    let moduleName: String

    /// The import declarations of `source`, in order: every `import` that starts a line (after its
    /// attributes and modifiers) and is followed by a module path.
    static func all(in source: SwiftSource) -> [ImportDeclaration] {
        source.code.indices.compactMap { position in
            source.isIdentifier(position, "import") ? declaration(at: position, in: source) : nil
        }
    }

    private static func declaration(at keyword: Int, in source: SwiftSource) -> ImportDeclaration? {
        var first = keyword
        while first > 0, !source.lineBreakFollows(first - 1) { first -= 1 }
        var module = keyword + 1
        if let kind = source[module], importKinds.contains(kind.text), source[module + 1]?.kind == .identifier {
            module += 1
        }
        guard let name = source[module], name.kind == .identifier else { return nil }
        var last = module
        while source.isPunctuation(last + 1, "."), source[last + 2]?.kind == .identifier { last += 2 }
        return ImportDeclaration(first: first, keyword: keyword, module: module, last: last, moduleName: name.text)
    }

    private static let importKinds: Set<String> = [
        "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
    ]

    /// Whether the declaration carries the attribute `name` (e.g. `@testable`).
    func hasAttribute(_ name: String, in source: SwiftSource) -> Bool {
        (first..<keyword).contains { source.isIdentifier($0, name) }
    }
}
