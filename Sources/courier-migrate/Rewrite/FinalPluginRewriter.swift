/// A plugin is `Sendable` in Courier, and in Swift 6 mode only a `final` class can be: a plugin
/// class (`class LogPlugin: PluginType`) becomes `final` unless it is `open` or a class in the
/// migrated files inherits from it (then Swift 6 mode still reports it, as the guide says).
enum FinalPluginRewriter {
    static func run(_ draft: inout MigrationDraft, subclassed: Set<String>) {
        let source = draft.source
        let inherited = subclassed.union(superclassNames(in: source))
        for position in source.code.indices where source.isIdentifier(position, "class") {
            guard let name = source[position + 1], name.kind == .identifier, !inherited.contains(name.text),
                source.isPunctuation(position + 2, ":") || source.isPunctuation(position + 2, "<"),
                conformsToPlugin(classAt: position, in: source), !isFinalOrOpen(classAt: position, in: source)
            else { continue }
            draft.insert("final ", before: position)
        }
    }

    /// The names that follow `class Name:` (a superclass, or a first protocol) in `source`.
    static func superclassNames(in source: SwiftSource) -> Set<String> {
        var names: Set<String> = []
        for position in source.code.indices where source.isPunctuation(position, ":") {
            if let name = source[position + 1], name.kind == .identifier,
                ProviderSubclassRewriter.isSuperclass(at: position + 1, in: source)
            {
                names.insert(name.text)
            }
        }
        return names
    }

    /// Whether the inheritance clause of the class at `position` names `PluginType`.
    private static func conformsToPlugin(classAt position: Int, in source: SwiftSource) -> Bool {
        var current = position + 2
        if source.isPunctuation(current, "<"), let close = source.closingBracket(of: current) { current = close + 1 }
        guard source.isPunctuation(current, ":") else { return false }
        while let token = source[current], !token.isPunctuation("{"), !token.isIdentifier("where") {
            if token.isIdentifier("PluginType"), !source.isPunctuation(current - 1, ".") { return true }
            current += 1
        }
        return false
    }

    /// Whether the modifiers before `class` include `final` or `open`.
    private static func isFinalOrOpen(classAt position: Int, in source: SwiftSource) -> Bool {
        let modifiers: Set = ["final", "open", "public", "internal", "private", "fileprivate", "package"]
        var current = position - 1
        while let token = source[current], token.kind == .identifier, modifiers.contains(token.text) {
            if token.text == "final" || token.text == "open" { return true }
            current -= 1
        }
        return false
    }
}
