/// Moya's plugins never wait: Moya's `PluginType` has no `adapt` or `retry`, and its four steps are
/// synchronous. Courier's `PluginType` adds an `async` `adapt`, so a provider must await a plugin
/// that is only a `PluginType`, and an immediate stub then completes after `request` returns on
/// OSes without immediate tasks (SE-0472). A plugin declared `SynchronousPlugin` keeps Moya's promise on
/// every OS, so a type (or extension) of this file that conforms to `PluginType` conforms to
/// `SynchronousPlugin` instead, unless it declares an `adapt` or `retry` of its own.
///
/// Only inheritance clauses change: `[PluginType]`, `any PluginType` and `as? PluginType` stay.
enum SynchronousPluginRewriter {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        for position in source.code.indices {
            guard let keyword = source[position], keyword.kind == .identifier,
                ["struct", "class", "enum", "actor", "extension"].contains(keyword.text),
                source[position + 1]?.kind == .identifier,
                let open = (position + 2..<source.code.count).first(where: { source.isPunctuation($0, "{") }),
                let close = source.closingBracket(of: open), !declaresAsyncSteps(from: open, to: close, in: source)
            else { continue }
            var current = position + 2
            var inClause = false
            while current < open {
                if source.isPunctuation(current, ":") { inClause = true }
                if source.isIdentifier(current, "where") { break }
                if inClause, source.isIdentifier(current, "PluginType"), !source.isPunctuation(current - 1, ".") {
                    draft.replace(current, with: "SynchronousPlugin")
                }
                current += 1
            }
        }
    }

    /// Whether the body between `open` and `close` declares `func adapt` or `func retry`.
    private static func declaresAsyncSteps(from open: Int, to close: Int, in source: SwiftSource) -> Bool {
        (open..<close).contains { position in
            source.isIdentifier(position, "func")
                && (source.isIdentifier(position + 1, "adapt") || source.isIdentifier(position + 1, "retry"))
        }
    }
}
