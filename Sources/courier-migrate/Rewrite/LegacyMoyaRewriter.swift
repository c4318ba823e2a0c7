/// Names from Moya 10–13 that real code still carries: the Alamofire 4 `Manager` (now
/// `URLSessionTransport`, and the `manager:` label `session:`), `defaultAlamofireManager()`,
/// `Manager.defaultHTTPHeaders`, the generic `Endpoint<Target>`, `NetworkLoggerPlugin(verbose:cURL:)`,
/// the non-optional `authorizationType: AuthorizationType` whose `.none` sent no header (now
/// `AuthorizationType?`, where the same `.none` is `nil`), and Moya 8's plugin methods
/// `willSendRequest` and `didReceiveResponse` (`willSend` and `didReceive` since Moya 9: under the
/// old names a plugin compiles and is never called).
enum LegacyMoyaRewriter {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        for position in source.code.indices {
            if isAuthorizationTypeDeclaration(at: position, in: source) {
                draft.insertBeforeToken(at: source.code[position] + 1, "?", counting: true)
            }
            guard let token = source[position], token.kind == .identifier, !draft.isRewritten(position) else {
                continue
            }
            let isMember = source.isPunctuation(position - 1, ".")
            switch token.text {
            case "defaultAlamofireManager" where isMember:
                draft.replace(position, with: "defaultTransport")
            case "defaultHTTPHeaders" where isMember:
                draft.replace(position, with: "defaultHeaders")
            case "Manager", "SessionManager":
                if !isMember, isAlamofireManager(at: position, in: draft) {
                    draft.replace(position, with: "URLSessionTransport")
                } else if isMember, source.isIdentifier(position - 2, "Alamofire") {
                    draft.replace(position - 2, with: "Courier")
                    draft.replaceToken(at: source.code[position], with: "URLSessionTransport")
                }
            case "manager" where isProviderArgumentLabel(at: position, in: source):
                draft.replace(position, with: "session")
            case "Endpoint" where !isMember && source.isPunctuation(position + 1, "<"):
                guard let close = source.closingBracket(of: position + 1) else { continue }
                for index in source.code[position + 1]...source.code[close] { draft.replaceToken(at: index, with: "") }
                draft.countRewrite()
            case "willSendRequest" where source.isIdentifier(position - 1, "func"):
                draft.replace(position, with: "willSend")
            case "didReceiveResponse" where source.isIdentifier(position - 1, "func"):
                draft.replace(position, with: "didReceive")
            case "NetworkLoggerPlugin" where !isMember && source.isPunctuation(position + 1, "("):
                verboseLogger(arguments: position + 1, in: &draft)
            default:
                continue
            }
        }
    }

    /// Alamofire 4's `Manager`: `Manager(configuration:`, `Manager.default`, `.defaultHTTPHeaders`,
    /// or the type of a `manager:` parameter.
    private static func isAlamofireManager(at position: Int, in draft: MigrationDraft) -> Bool {
        let source = draft.source
        guard NameRewriter.isTypeReference(at: position, in: draft) else { return false }
        if source.isPunctuation(position + 1, "(") { return source.isIdentifier(position + 2, "configuration") }
        if source.isPunctuation(position + 1, "."), let member = source[position + 2] {
            return ["default", "defaultHTTPHeaders"].contains(member.text)
        }
        return source.isPunctuation(position - 1, ":") && source.isIdentifier(position - 2, "manager")
    }

    /// `var authorizationType: AuthorizationType {` (or `Moya.AuthorizationType`), not already optional.
    private static func isAuthorizationTypeDeclaration(at position: Int, in source: SwiftSource) -> Bool {
        guard source.isIdentifier(position, "AuthorizationType") else { return false }
        var name = position - 2
        if source.isPunctuation(position - 1, "."), source.isIdentifier(position - 2, "Moya") { name -= 2 }
        return source.isPunctuation(name + 1, ":") && source.isIdentifier(name, "authorizationType")
            && source.isIdentifier(name - 1, "var") && !source.isPunctuation(position + 1, "?")
    }

    /// `manager:` in the arguments of `MoyaProvider(…)`, `MoyaProvider<T>(…)` or `super.init(…)`,
    /// or as the label of an initialiser parameter of a provider subclass.
    private static func isProviderArgumentLabel(at position: Int, in source: SwiftSource) -> Bool {
        guard source.isPunctuation(position + 1, ":"),
            source.isPunctuation(position - 1, ",") || source.isPunctuation(position - 1, "(")
        else { return false }
        var depth = 0
        var current = position - 1
        while let token = source[current] {
            if token.isPunctuation(")") || token.isPunctuation("]") { depth += 1 }
            if token.isPunctuation("(") || token.isPunctuation("[") {
                if depth == 0 { break }
                depth -= 1
            }
            current -= 1
        }
        var callee = current - 1
        if source.isPunctuation(callee, ">") {
            while callee > 0, !source.isPunctuation(callee, "<") { callee -= 1 }
            callee -= 1
        }
        if source.isIdentifier(callee, "MoyaProvider") || source.isIdentifier(callee, "OnlineProvider") { return true }
        return source.isIdentifier(callee, "init") && source.isIdentifier(callee - 2, "super")
    }

    /// `NetworkLoggerPlugin(verbose: true, cURL: true)` becomes
    /// `NetworkLoggerPlugin(configuration: .init(logOptions: [.verbose, .formatRequestAscURL]))`;
    /// other Moya 13 arguments (output, formatters) get a note.
    private static func verboseLogger(arguments open: Int, in draft: inout MigrationDraft) {
        let source = draft.source
        guard let close = source.closingBracket(of: open), close > open + 1,
            source.isIdentifier(open + 1, "verbose") || source.isIdentifier(open + 1, "cURL")
        else { return }
        var options: [String] = []
        var current = open + 1
        while current < close {
            guard let label = source[current]?.text, source.isPunctuation(current + 1, ":"),
                let value = source[current + 2], ["true", "false"].contains(value.text),
                source.isPunctuation(current + 3, ",") || current + 3 == close
            else {
                draft.note(at: open - 1, HandAdvice.legacyLogger)
                return
            }
            if value.text == "true" {
                switch label {
                case "verbose": options.append(".verbose")
                case "cURL": options.append(".formatRequestAscURL")
                default:
                    draft.note(at: open - 1, HandAdvice.legacyLogger)
                    return
                }
            }
            current += 4
        }
        let logOptions = options.count == 1 ? options[0] : "[\(options.joined(separator: ", "))]"
        for index in source.code[open + 1]..<source.code[close] { draft.replaceToken(at: index, with: "") }
        draft.insert("configuration: .init(logOptions: \(options.isEmpty ? ".default" : logOptions))", before: close)
    }
}
