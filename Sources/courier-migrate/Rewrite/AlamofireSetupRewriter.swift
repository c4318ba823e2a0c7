/// Rewrites the Alamofire set-up that Moya apps write around a provider into Courier's
/// counterparts: `Session` is `URLSessionTransport`, `configuration.headers = .default` sets
/// `URLSessionTransport.defaultHeaders`, `URLSessionConfiguration.af.default` (and `.af.ephemeral`)
/// is `URLSessionTransport.defaultConfiguration()` (`ephemeralConfiguration()`),
/// `defaultAlamofireSession()` is `defaultTransport()`, and a custom encoding's
/// `AFError.parameterEncodingFailed(reason:)` throws a `ParameterEncodingError`.
enum AlamofireSetupRewriter {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        let buildsSessions = source.code.indices.contains {
            isSessionInitializer(at: $0, in: source)
                || source.isIdentifier($0, "defaultAlamofireSession") && source.isPunctuation($0 - 1, ".")
        }
        for position in source.code.indices {
            guard let token = source[position], token.kind == .identifier, !draft.isRewritten(position) else {
                continue
            }
            let isMember = source.isPunctuation(position - 1, ".")
            switch token.text {
            case "Session"
            where !isMember && isAlamofireSession(at: position, in: draft, buildsSessions: buildsSessions):
                draft.replace(position, with: "URLSessionTransport")
            case "Session"
            where isMember
                && (source.isIdentifier(position - 2, "Moya") || source.isIdentifier(position - 2, "Alamofire")):
                draft.replace(position - 2, with: "Courier")
                draft.replaceToken(at: source.code[position], with: "URLSessionTransport")
            case "af" where isMember:
                configuration(at: position, in: &draft)
            case "defaultAlamofireSession" where isMember:
                draft.replace(position, with: "defaultTransport")
            case "headers" where isMember:
                guard let defaultName = defaultHeaders(assignedAt: position, in: source) else { continue }
                draft.replace(position, with: "httpAdditionalHeaders")
                let implicit = source.isPunctuation(position + 2, ".")
                draft.replaceToken(
                    at: source.code[position + 2], with: implicit ? "URLSessionTransport." : "URLSessionTransport")
                draft.replaceToken(at: source.code[defaultName], with: "defaultHeaders")
            case "AFError"
            where !isMember && source.isPunctuation(position + 1, ".")
                && source.isIdentifier(position + 2, "parameterEncodingFailed"):
                draft.replace(position, with: "ParameterEncodingError")
            default:
                continue
            }
        }
    }

    /// `URLSessionConfiguration.af.default` or `.af.default` where a configuration is expected (and
    /// the same with `ephemeral`): Alamofire's configurations with its default headers, which are
    /// Courier's ``URLSessionTransport`` configurations with the same three headers.
    private static func configuration(at position: Int, in draft: inout MigrationDraft) {
        let source = draft.source
        let names = ["default": "defaultConfiguration()", "ephemeral": "ephemeralConfiguration()"]
        guard source.isPunctuation(position + 1, "."), let name = source[position + 2],
            let replacement = names[name.text.trimmingCharacters(in: ["`"])],
            !source.isPunctuation(position + 3, "(")
        else { return }
        if source.isIdentifier(position - 2, "URLSessionConfiguration") {
            draft.replace(position - 2, with: "URLSessionTransport")
        } else if source[position - 2].map(isImplicitMemberBoundary) ?? true {
            draft.insert("URLSessionTransport", before: position - 1)
        } else {
            return
        }
        draft.replaceToken(at: source.code[position], with: replacement)
        draft.replaceToken(at: source.code[position + 1], with: "")
        draft.replaceToken(at: source.code[position + 2], with: "")
    }

    /// Whether `token` can come right before an implicit member expression (`= .af.default`,
    /// `(configuration: .af.default`): punctuation that ends no expression.
    private static func isImplicitMemberBoundary(_ token: Token) -> Bool {
        token.kind == .punctuation && ![")", "]", "?", "!", ">"].contains(token.text)
            || token.kind == .identifier && token.text == "return"
    }

    /// `Session(configuration:`.
    private static func isSessionInitializer(at position: Int, in source: SwiftSource) -> Bool {
        source.isIdentifier(position, "Session") && !source.isPunctuation(position - 1, ".")
            && source.isPunctuation(position + 1, "(") && source.isIdentifier(position + 2, "configuration")
    }

    /// Whether a bare `Session` is Alamofire's (which Moya re-exports) rather than a type of the
    /// app's: `Session(configuration:)`, `Session.default`, a `session: Session = …` parameter, or
    /// any `Session` in a file that builds sessions with `Session(configuration:)` or takes
    /// Moya's `defaultAlamofireSession()`.
    private static func isAlamofireSession(
        at position: Int, in draft: MigrationDraft, buildsSessions: Bool
    ) -> Bool {
        let source = draft.source
        guard NameRewriter.isTypeReference(at: position, in: draft) else { return false }
        if buildsSessions || isSessionInitializer(at: position, in: source) { return true }
        if source.isPunctuation(position + 1, "."), source.isIdentifier(position + 2, "default") { return true }
        return source.isPunctuation(position - 1, ":") && source.isIdentifier(position - 2, "session")
            && source.isPunctuation(position + 1, "=")
    }

    /// The position of `default` in `configuration.headers = .default` or `= HTTPHeaders.default`
    /// (Alamofire's default headers), or `nil` for another assignment.
    private static func defaultHeaders(assignedAt position: Int, in source: SwiftSource) -> Int? {
        guard source.isPunctuation(position + 1, "=") else { return nil }
        let name = source.isPunctuation(position + 2, ".") ? position + 3 : position + 4
        let isQualified = name == position + 4 && source.isIdentifier(position + 2, "HTTPHeaders")
        guard name == position + 3 || isQualified, source.isPunctuation(name - 1, "."),
            source.isIdentifier(name, "default"), !source.isPunctuation(name + 1, "."),
            !source.isPunctuation(name + 1, "(")
        else { return nil }
        return name
    }
}
