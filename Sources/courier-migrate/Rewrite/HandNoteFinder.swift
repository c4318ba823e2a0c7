/// Finds the places the tool cannot rewrite: reactive call sites, Alamofire and Moya types with no
/// counterpart, provider subclasses, `Session` set-ups. Each becomes a ``HandNote``.
enum HandNoteFinder {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        let providers = providerNames(in: source)
        for position in source.code.indices {
            guard let token = source[position], token.kind == .identifier else { continue }
            let isSession =
                token.text == "Session"
                || ["Manager", "SessionManager"].contains(token.text) && draft.isRewritten(position)
            if isSession, source.isPunctuation(position + 1, "(") {
                sessionArguments(at: position + 1, in: &draft)
            } else if token.text == "Endpoint", ProviderSubclassRewriter.isSuperclass(at: position, in: source) {
                draft.note(at: position, HandAdvice.endpointSubclass)
            } else if token.text == "Session", isSuperclass(qualifiedBy: "Alamofire", at: position, in: source) {
                draft.note(at: position, HandAdvice.sessionSubclass)
            } else if draft.isRewritten(position) {
                continue
            } else if source.isPunctuation(position - 1, ".") {
                member(token.text, at: position, providers: providers, in: &draft)
            } else if token.text == "Moya" || token.text == "Alamofire" {
                if source.isPunctuation(position + 1, "."), !draft.isRewritten(position),
                    let name = source[position + 2]
                {
                    let advice = HandAdvice.typesWithoutCounterpart[name.text]
                    draft.note(at: position, advice ?? HandAdvice.qualified(token.text, name.text))
                }
            } else if NameRewriter.isTypeReference(at: position, in: draft) {
                typeName(token.text, at: position, in: &draft)
            }
        }
    }

    private static func member(
        _ name: String, at position: Int, providers: Set<String>, in draft: inout MigrationDraft
    ) {
        let source = draft.source
        let onProvider =
            (source.isPunctuation(position + 1, ".")
                && ["request", "requestWithProgress"].contains(source[position + 2]?.text ?? ""))
            || providers.contains(source[position - 2]?.text ?? "")
        switch name {
        case "rx" where onProvider:
            draft.note(at: position, HandAdvice.reactive)
        case "reactive" where onProvider:
            draft.note(at: position, HandAdvice.reactiveSwift)
        case "Reactive" where isReactiveProvider(at: position, in: source):
            draft.note(at: position, HandAdvice.reactive)
        case "value" where source.isIdentifier(position - 2, "result") && !source.isPunctuation(position + 1, "("),
            "error" where source.isIdentifier(position - 2, "result") && !source.isPunctuation(position + 1, "("):
            draft.note(at: position, HandAdvice.resultMembers)
        case "sessionConfiguration":
            draft.note(at: position, HandAdvice.sessionConfiguration)
        case "stream" where source.isPunctuation(position - 2, ":") && source.isIdentifier(position - 3, "provider"):
            draft.note(at: position, HandAdvice.stream)
        default:
            if let advice = HandAdvice.membersWithoutCounterpart[name] { draft.note(at: position, advice) }
        }
    }

    private static func typeName(_ name: String, at position: Int, in draft: inout MigrationDraft) {
        let source = draft.source
        if let advice = HandAdvice.typesWithoutCounterpart[name] {
            draft.note(at: position, advice)
        } else if name == "Reactive", isReactiveProvider(at: position, in: source) {
            draft.note(at: position, HandAdvice.reactive)
        } else if name == "Base", source.isPunctuation(position + 1, ":") || source.isPunctuation(position + 1, "="),
            let constraint = source[position + (source.isPunctuation(position + 2, "=") ? 3 : 2)],
            ["MoyaProvider", "MoyaProviderType"].contains(constraint.text)
        {
            draft.note(at: position, HandAdvice.reactiveExtension)
        }
    }

    /// The names a file gives its providers (`let api = MoyaProvider<API>()`, `var api:
    /// MoyaProvider<API>`), and any name that says `provider`: what `.rx` or `.reactive` may follow.
    private static func providerNames(in source: SwiftSource) -> Set<String> {
        var names: Set<String> = []
        for position in source.code.indices {
            guard let token = source[position], token.kind == .identifier else { continue }
            let isProviderType = { (type: Int) in
                ["MoyaProvider", "Provider"].contains(source[type]?.text ?? "") && source.isPunctuation(type + 1, "<")
            }
            if token.text.lowercased().contains("provider")
                || (source.isPunctuation(position + 1, ":") || source.isPunctuation(position + 1, "="))
                    && isProviderType(position + 2)
            {
                names.insert(token.text)
            }
        }
        return names
    }

    /// Whether the name at `position` is a superclass, bare or as `module.Name`.
    private static func isSuperclass(qualifiedBy module: String, at position: Int, in source: SwiftSource) -> Bool {
        if source.isPunctuation(position - 1, "."), source.isIdentifier(position - 2, module) {
            return ProviderSubclassRewriter.isSuperclass(at: position - 2, in: source)
        }
        return ProviderSubclassRewriter.isSuperclass(at: position, in: source)
    }

    /// `Reactive<MoyaProvider<…>>`: RxMoya's wrapper of a provider, as a type.
    private static func isReactiveProvider(at position: Int, in source: SwiftSource) -> Bool {
        source.isPunctuation(position + 1, "<")
            && ["MoyaProvider", "MoyaProviderType"].contains(source[position + 2]?.text ?? "")
    }

    /// `Session(configuration:, interceptor:, serverTrustManager:…)` (Alamofire 4's `Manager(…)`
    /// too, with `serverTrustPolicyManager:`): the arguments other than the
    /// configuration have no counterpart on `URLSessionTransport`.
    private static func sessionArguments(at open: Int, in draft: inout MigrationDraft) {
        let source = draft.source
        guard let close = source.closingBracket(of: open) else { return }
        for label in open + 1..<close where source.isPunctuation(label + 1, ":") {
            guard let name = source[label], name.kind == .identifier,
                source.isPunctuation(label - 1, "(") || source.isPunctuation(label - 1, ","),
                !["configuration", "startRequestsImmediately"].contains(name.text)
            else { continue }
            draft.note(at: label, HandAdvice.sessionArgument(name.text))
        }
    }
}
