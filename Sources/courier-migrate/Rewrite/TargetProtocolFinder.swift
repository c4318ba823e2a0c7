/// An app protocol that refines `TargetType` (`protocol BaseTarget: TargetType {}`, with shared
/// defaults in an extension) cannot be conformed to under Xcode 26's settings in Swift 6 mode, with
/// Moya as with Courier: Swift infers the implied conformance to `TargetType` main-actor, and not
/// the one to the app's protocol (*crosses into main actor-isolated code*). Each conformance to
/// such a protocol gets a note; the fix, `@MainActor BaseTarget`, needs Swift 6.2.
enum TargetProtocolFinder {
    /// Notes the conformances of `draft` to `protocols` (``ProjectDeclarations/targetProtocols``).
    static func run(_ draft: inout MigrationDraft, protocols: Set<String>) {
        guard !protocols.isEmpty else { return }
        let source = draft.source
        for position in source.code.indices {
            guard let keyword = source[position], keyword.kind == .identifier,
                ["extension", "enum", "struct", "class"].contains(keyword.text),
                source[position + 1]?.kind == .identifier
            else { continue }
            var current = position + 2
            if source.isPunctuation(current, "<"), let close = source.closingBracket(of: current) {
                current = close + 1
            }
            guard source.isPunctuation(current, ":") else { continue }
            while let token = source[current], !token.isPunctuation("{"), !token.isIdentifier("where") {
                if token.kind == .identifier, protocols.contains(token.text),
                    !source.isIdentifier(current - 1, "@MainActor")
                {
                    draft.note(at: current, HandAdvice.targetProtocolConformance)
                }
                current += 1
            }
        }
    }
}
