/// Courier's `TargetType` and `PluginType` are `Sendable`, Moya's were not. In the types of this
/// file that conform to them, stored closures become `@Sendable` (a closure literal passed for one
/// stays as it is), and what cannot be made `Sendable` by a rewrite gets a note: `[String: Any]`
/// and `Encodable` associated values of a target enum, `var` state in a plugin class.
enum SendableConformanceRewriter {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        let conforming = conformingTypeNames(in: source)
        for position in source.code.indices {
            guard let introducer = source[position], ["struct", "class", "enum"].contains(introducer.text),
                introducer.kind == .identifier, let name = source[position + 1], conforming.contains(name.text),
                let open = (position + 2..<source.code.count).first(where: { source.isPunctuation($0, "{") }),
                let close = source.closingBracket(of: open)
            else { continue }
            for member in members(from: open + 1, to: close, in: source) {
                if source.isIdentifier(member, "case"), introducer.text == "enum" {
                    noteUnsendableValues(inCase: member, in: &draft)
                } else if source.isIdentifier(member, "let") || source.isIdentifier(member, "var") {
                    storedProperty(at: member, inClass: introducer.text == "class", in: &draft)
                } else if source.isIdentifier(member, "typealias") {
                    functionTypeAlias(at: member, in: &draft)
                }
            }
        }
    }

    /// Types of this file that conform to `TargetType` or `PluginType`, where they are declared
    /// or in an extension.
    private static func conformingTypeNames(in source: SwiftSource) -> Set<String> {
        var names: Set<String> = []
        for position in source.code.indices {
            guard let keyword = source[position],
                ["struct", "class", "enum", "extension"].contains(keyword.text),
                let name = source[position + 1], name.kind == .identifier
            else { continue }
            var current = position + 2
            if source.isPunctuation(current, "<"), let close = source.closingBracket(of: current) {
                current = close + 1  // `class Service<Router: TargetType>` conforms to neither
            }
            while let token = source[current], !token.isPunctuation("{"), !token.isIdentifier("where") {
                if token.isIdentifier("TargetType") || token.isIdentifier("PluginType") { names.insert(name.text) }
                current += 1
            }
        }
        return names
    }

    /// The positions of the first tokens of the declarations directly inside a type's body (after
    /// their attributes and modifiers): nested brackets are skipped.
    private static func members(from start: Int, to end: Int, in source: SwiftSource) -> [Int] {
        var found: [Int] = []
        var position = start
        while position < end, let token = source[position] {
            if token.kind == .punctuation, ["{", "(", "["].contains(token.text),
                let close = source.closingBracket(of: position)
            {
                position = close + 1
                continue
            }
            if ["case", "let", "var", "typealias"].contains(token.text), token.kind == .identifier {
                found.append(position)
            }
            position += 1
        }
        return found
    }

    /// `case preferences([String: Any])`: a note, since a target enum cannot hold one in Swift 6.
    private static func noteUnsendableValues(inCase position: Int, in draft: inout MigrationDraft) {
        let source = draft.source
        var current = position + 1
        while let token = source[current] {
            if token.isPunctuation("("), let close = source.closingBracket(of: current) {
                if (current...close).contains(where: { isAny(at: $0, in: source) }) {
                    draft.note(at: position, HandAdvice.unsendableAssociatedValue)
                } else if (current...close).contains(where: { isEncodableExistential(at: $0, in: source) }) {
                    draft.note(at: position, HandAdvice.unsendableEncodableValue)
                }
                current = close
            }
            if source.lineBreakFollows(current) { return }
            current += 1
        }
    }

    /// `Any` as a type (`[String: Any]`, `[Any]`, `Parameters`), not `any P`.
    private static func isAny(at position: Int, in source: SwiftSource) -> Bool {
        source.isIdentifier(position, "Any") || source.isIdentifier(position, "AnyObject")
            || source.isIdentifier(position, "Parameters")
    }

    /// `Encodable` as a type (`Encodable`, `any Encodable`, `[String: Encodable]`), unless `& Sendable`.
    private static func isEncodableExistential(at position: Int, in source: SwiftSource) -> Bool {
        guard source.isIdentifier(position, "Encodable") || source.isIdentifier(position, "Codable") else {
            return false
        }
        let sendableAfter = source.isPunctuation(position + 1, "&") && source.isIdentifier(position + 2, "Sendable")
        let sendableBefore = source.isPunctuation(position - 1, "&") && source.isIdentifier(position - 2, "Sendable")
        return !sendableAfter && !sendableBefore
    }

    /// `let makeKey: () -> String` becomes `let makeKey: @Sendable () -> String`; a `var` stored in
    /// a plugin class gets a note.
    private static func storedProperty(at position: Int, inClass: Bool, in draft: inout MigrationDraft) {
        let source = draft.source
        guard source[position + 1]?.kind == .identifier, source.isPunctuation(position + 2, ":") else {
            if inClass, source.isIdentifier(position, "var"), isStored(at: position, in: source) {
                draft.note(at: position, HandAdvice.mutablePluginState)
            }
            return
        }
        var type = position + 3
        if source.isPunctuation(type, "("), source.isPunctuation(type + 1, "("),
            let inner = source.closingBracket(of: type + 1), source.isPunctuation(inner + 1, "->")
        {
            type += 1  // `((Int) -> Void)?`
        }
        if source.isPunctuation(type, "("), let close = source.closingBracket(of: type),
            source.isPunctuation(close + 1, "->")
        {
            draft.insert("@Sendable ", before: type)
        } else if inClass, source.isIdentifier(position, "var"), isStored(at: position, in: source) {
            draft.note(at: position, HandAdvice.mutablePluginState)
        }
    }

    /// `typealias Comparison = (TargetType) -> Bool`, the type of stored closures, becomes
    /// `@Sendable (TargetType) -> Bool`.
    private static func functionTypeAlias(at position: Int, in draft: inout MigrationDraft) {
        let source = draft.source
        let type = position + 3
        guard source.isPunctuation(position + 2, "="), source.isPunctuation(type, "("),
            let close = source.closingBracket(of: type), source.isPunctuation(close + 1, "->")
        else { return }
        draft.insert("@Sendable ", before: type)
    }

    /// Whether the `var` at `position` is stored: no `{` (a getter) on its line, unless after `=`.
    private static func isStored(at position: Int, in source: SwiftSource) -> Bool {
        var current = position + 1
        while let token = source[current] {
            if token.isPunctuation("=") { return true }
            if token.isPunctuation("{") { return false }
            if source.lineBreakFollows(current) { return true }
            current += 1
        }
        return true
    }
}
