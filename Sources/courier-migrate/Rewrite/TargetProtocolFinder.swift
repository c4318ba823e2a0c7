/// An app protocol that refines `TargetType` (`protocol BaseTarget: TargetType {}`, with shared
/// defaults in an extension) cannot be conformed to under Xcode 26's settings in Swift 6 mode, with
/// Moya as with Courier: Swift infers the implied conformance to `TargetType` main-actor, and not
/// the one to the app's protocol (*crosses into main actor-isolated code*). Each conformance to
/// such a protocol gets a note; the fix, `@MainActor BaseTarget`, needs Swift 6.2. So does a
/// conformance to a protocol whose associated type is a `TargetType` (`protocol Networkable {
/// associatedtype Target: TargetType; var provider: MoyaProvider<Target> { get } }`): it depends on
/// the target's main-actor conformance to `TargetType`, and is not main-actor itself.
enum TargetProtocolFinder {
    /// Notes the conformances of `draft` to `declarations`' protocols that refine `TargetType`
    /// (``ProjectDeclarations/targetProtocols``) or have a `TargetType` associated type
    /// (``ProjectDeclarations/associatedTargetProtocols``).
    static func run(_ draft: inout MigrationDraft, declarations: ProjectDeclarations) {
        let refining = declarations.targetProtocols
        let protocols = refining.union(declarations.associatedTargetProtocols)
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
                    let refines = refining.contains(token.text)
                    draft.note(
                        at: current,
                        refines ? HandAdvice.targetProtocolConformance : HandAdvice.associatedTargetConformance)
                }
                current += 1
            }
        }
    }
}
