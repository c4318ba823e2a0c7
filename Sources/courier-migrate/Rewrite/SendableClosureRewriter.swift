/// Marks the closures and function types that a provider stores as `@Sendable`, as Courier's
/// closure types are: a closure kept in a `let` before it reaches the provider
/// (`let endpointClosure = { (target: API) -> Endpoint in … }`) or a parameter of a provider
/// wrapper (`endpointClosure: @escaping (Target) -> Endpoint`) otherwise fails to convert in Swift 6.
///
/// A signature is the provider's when it returns `Endpoint` or `StubBehavior`, or takes a
/// `RequestResultClosure`.
enum SendableClosureRewriter {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        for position in source.code.indices where source.isPunctuation(position, "(") {
            guard let close = source.closingBracket(of: position), isProviderSignature(position, close, in: source)
            else { continue }
            if let brace = closureBrace(before: position, in: source) {
                if !source.isIdentifier(brace + 1, "@Sendable") { draft.insert("@Sendable ", before: brace + 1) }
            } else if isTypePosition(before: position, in: source), !source.isIdentifier(position - 1, "@Sendable") {
                draft.insert("@Sendable ", before: position)
            }
        }
    }

    private static func isProviderSignature(_ open: Int, _ close: Int, in source: SwiftSource) -> Bool {
        if (open...close).contains(where: { source.isIdentifier($0, "RequestResultClosure") }) {
            return source.isPunctuation(close + 1, "->") || source.isIdentifier(close + 1, "in")
        }
        guard source.isPunctuation(close + 1, "->") else { return false }
        var result = close + 2
        if source.isIdentifier(result, "Moya") || source.isIdentifier(result, "Courier") { result += 2 }
        return source.isIdentifier(result, "Endpoint") || source.isIdentifier(result, "StubBehavior")
    }

    /// The `{` of the closure whose signature starts at `open`, after an optional capture list.
    private static func closureBrace(before open: Int, in source: SwiftSource) -> Int? {
        var previous = open - 1
        if source.isPunctuation(previous, "]") {
            while previous > 0, !source.isPunctuation(previous, "[") { previous -= 1 }
            previous -= 1
        }
        return source.isPunctuation(previous, "{") ? previous : nil
    }

    /// Whether the `(` at `open` starts a function type: after `:`, `@escaping`, `=` in a type
    /// alias, `->`, or `<`.
    private static func isTypePosition(before open: Int, in source: SwiftSource) -> Bool {
        guard let previous = source[open - 1] else { return false }
        switch previous.text {
        case ":", "@escaping", "->", "<": return true
        case "=": return source.isIdentifier(open - 3, "typealias")
        default: return false
        }
    }
}
