/// Finds the places the tool cannot rewrite: reactive call sites, Alamofire and Moya types with no
/// counterpart, provider subclasses, `Session` set-ups. Each becomes a ``HandNote``.
enum HandNoteFinder {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        for position in source.code.indices {
            guard let token = source[position], token.kind == .identifier else { continue }
            if token.text == "Session", source.isPunctuation(position + 1, "(") {
                sessionArguments(at: position + 1, in: &draft)
            } else if draft.isRewritten(position) {
                continue
            } else if source.isPunctuation(position - 1, ".") {
                member(token.text, at: position, in: &draft)
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

    private static func member(_ name: String, at position: Int, in draft: inout MigrationDraft) {
        let source = draft.source
        let calls = { (names: Set<String>) in
            source.isPunctuation(position + 1, ".") && names.contains(source[position + 2]?.text ?? "")
        }
        switch name {
        case "rx" where calls(["request", "requestWithProgress"]):
            draft.note(at: position, HandAdvice.reactive)
        case "reactive" where calls(["request", "requestWithProgress"]):
            draft.note(at: position, HandAdvice.reactiveSwift)
        case "requestPublisher", "requestWithProgressPublisher":
            draft.note(at: position, HandAdvice.combine)
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
        } else if name == "Base", source.isPunctuation(position + 1, ":") || source.isPunctuation(position + 1, "="),
            let constraint = source[position + (source.isPunctuation(position + 2, "=") ? 3 : 2)],
            ["MoyaProvider", "MoyaProviderType"].contains(constraint.text)
        {
            draft.note(at: position, HandAdvice.reactiveExtension)
        }
    }

    /// `Session(configuration:, interceptor:, serverTrustManager:…)`: the arguments other than the
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
