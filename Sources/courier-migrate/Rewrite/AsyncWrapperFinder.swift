/// Moya had no `async` request, so apps wrote one: a method in an extension of the provider that
/// calls the completion-handler `request` inside `withCheckedThrowingContinuation`. Courier's
/// `Provider` has `request(_:) async throws(CourierError)`, which cancels the request with the
/// task; the wrapper still compiles (one named `request(_:)` hides Courier's), so each gets a note.
enum AsyncWrapperFinder {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        for position in source.code.indices where isProviderExtension(at: position, in: source) {
            guard let open = (position + 2..<source.code.count).first(where: { source.isPunctuation($0, "{") }),
                let close = source.closingBracket(of: open)
            else { continue }
            for function in open + 1..<close where source.isIdentifier(function, "func") {
                guard let body = (function + 1..<close).first(where: { source.isPunctuation($0, "{") }),
                    let end = source.closingBracket(of: body), wrapsRequest(from: body, to: end, in: source)
                else { continue }
                draft.note(at: function, HandAdvice.asyncWrapper)
            }
        }
    }

    /// `extension MoyaProvider` (or `Provider`, `MoyaProviderType`, `ProviderType`).
    private static func isProviderExtension(at position: Int, in source: SwiftSource) -> Bool {
        guard source.isIdentifier(position, "extension"), let name = source[position + 1] else { return false }
        return ["MoyaProvider", "Provider", "MoyaProviderType", "ProviderType"].contains(name.text)
    }

    /// Whether the body calls `request(` inside a continuation.
    private static func wrapsRequest(from open: Int, to close: Int, in source: SwiftSource) -> Bool {
        guard
            let continuation = (open..<close).first(where: { position in
                continuations.contains(source[position]?.text ?? "") && source[position]?.kind == .identifier
            })
        else { return false }
        return (continuation..<close).contains { position in
            source.isIdentifier(position, "request") && source.isPunctuation(position + 1, "(")
        }
    }

    private static let continuations: Set<String> = [
        "withCheckedThrowingContinuation", "withUnsafeThrowingContinuation", "withCheckedContinuation",
        "withUnsafeContinuation",
    ]
}
