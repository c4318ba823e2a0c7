/// Ports a subclass of `MoyaProvider` to Courier's composition pattern, since `Provider` is final:
/// the class conforms to `ProviderWrapper` and holds the provider it used to inherit from. The
/// class keeps its modifiers (`ProviderWrapper` asks nothing of its isolation: in an Xcode 26 app
/// the class belongs to the main actor, as the subclass did), and a provider of anything but a
/// generic parameter named `Target` names its `Target` with a `typealias` (Swift does not infer it
/// from `provider`).
///
/// ```swift
/// class OnlineProvider<Target>: MoyaProvider<Target> where Target: TargetType {
///     init(…) { …; super.init(endpointClosure: …, plugins: plugins) }
///     override func request(…) -> Cancellable { …; return super.request(…) }
/// }
/// // becomes
/// class OnlineProvider<Target>: ProviderWrapper where Target: TargetType {
///     let provider: Provider<Target>
///     init(…) { …; provider = Provider(endpointClosure: …, plugins: plugins) }
///     func request(…) -> Cancellable { …; return provider.request(…) }
/// }
/// ```
enum ProviderSubclassRewriter {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        for position in source.code.indices where source.isIdentifier(position, "MoyaProvider") {
            guard isSuperclass(at: position, in: source) else { continue }
            guard source.isPunctuation(position + 1, "<"), let argumentsEnd = source.closingBracket(of: position + 1),
                let open = (argumentsEnd + 1..<source.code.count).first(where: { source.isPunctuation($0, "{") }),
                let close = source.closingBracket(of: open)
            else {
                draft.note(at: position, HandAdvice.subclass)
                continue
            }
            let arguments = text(from: position + 2, to: argumentsEnd - 1, in: source)
            draft.replace(position, with: "ProviderWrapper")
            for index in source.code[position + 1]...source.code[argumentsEnd] {
                draft.replaceToken(at: index, with: "")
            }
            let indentation = memberIndentation(after: open, in: source)
            // A public class must declare the protocol's requirements public too.
            let access = isPublic(classBefore: position, in: source) ? "public " : ""
            let target = arguments == "Target" ? "" : "\n\(indentation)\(access)typealias Target = \(arguments)"
            var members = "\(target)\n\(indentation)\(access)let provider: Provider<\(arguments)>"
            if !declaresInitializer(from: open + 1, to: close, in: source) {
                members += inheritedInitializer(indentation: indentation, access: access)
                if close == open + 1 { members += "\n" + lineIndentation(of: position, in: source) }
            }
            draft.insertBeforeToken(at: source.code[open] + 1, members)
            rewriteBody(from: open + 1, to: close, in: &draft)
        }
    }

    /// Whether the class body declares an `init` (not a `super.init` or `self.init` call).
    private static func declaresInitializer(from start: Int, to end: Int, in source: SwiftSource) -> Bool {
        (start..<end).contains { source.isIdentifier($0, "init") && !source.isPunctuation($0 - 1, ".") }
    }

    /// A subclass without an `init` inherited `MoyaProvider`'s: the wrapper gets one with its labels
    /// (Moya 15's, `session:` taking any transport), so every call site still compiles. The closures
    /// default to `nil`, which stands for Moya's defaults: a default written `= Provider<Shop>.neverStub`
    /// would use the target's conformance where Swift 5 mode evaluates default arguments, outside the
    /// caller's actor, and warn under Xcode 26's settings.
    private static func inheritedInitializer(indentation: String, access: String) -> String {
        let lines = [
            "\(access)init(",
            "    endpointClosure: EndpointClosure? = nil,",
            "    requestClosure: RequestClosure? = nil,",
            "    stubClosure: StubClosure? = nil,",
            "    callbackQueue: DispatchQueue? = nil,",
            "    session: any HTTPTransport = DefaultTransport.shared,",
            "    plugins: [any PluginType] = [],",
            "    trackInflights: Bool = false",
            ") {",
            "    provider = Provider(",
            "        endpointClosure: endpointClosure ?? Provider<Target>.defaultEndpointMapping,",
            "        requestClosure: requestClosure ?? Provider<Target>.defaultRequestMapping,",
            "        stubClosure: stubClosure ?? Provider<Target>.neverStub, callbackQueue: callbackQueue,",
            "        transport: session, plugins: plugins, trackInflights: trackInflights)",
            "}",
        ]
        return lines.map { "\n" + indentation + $0 }.joined()
    }

    /// The indentation of the line that holds the code token at `position`.
    private static func lineIndentation(of position: Int, in source: SwiftSource) -> String {
        var index = source.code[position]
        while index > 0, source.tokens[index - 1].kind != .newline { index -= 1 }
        return source.tokens[index].kind == .whitespace ? source.tokens[index].text : ""
    }

    /// `super.init(…)` assigns `provider`, `super.x` is `provider.x`, and `override` goes.
    private static func rewriteBody(from start: Int, to end: Int, in draft: inout MigrationDraft) {
        let source = draft.source
        for position in start..<end {
            if source.isIdentifier(position, "super"), source.isPunctuation(position + 1, ".") {
                if source.isIdentifier(position + 2, "init") {
                    draft.replace(position, with: "provider = Provider")
                    draft.replaceToken(at: source.code[position + 1], with: "")
                    draft.replaceToken(at: source.code[position + 2], with: "")
                } else {
                    draft.replace(position, with: "provider")
                }
            } else if source.isIdentifier(position, "override") {
                let index = source.code[position]
                draft.replace(position, with: "")
                if source.tokens[index + 1].kind == .whitespace { draft.replaceToken(at: index + 1, with: "") }
            }
        }
    }

    /// Whether the class whose superclass is at `position` is `public` or `open`.
    private static func isPublic(classBefore position: Int, in source: SwiftSource) -> Bool {
        guard let introducer = (0..<position).last(where: { source.isIdentifier($0, "class") }) else { return false }
        var modifier = introducer - 1
        while let token = source[modifier], token.kind == .identifier,
            ["final", "open", "public", "internal", "private", "fileprivate", "package"].contains(token.text)
        {
            if token.text == "public" || token.text == "open" { return true }
            modifier -= 1
        }
        return false
    }

    /// Whether `MoyaProvider` at `position` is the superclass in `class Name<…>: MoyaProvider<…>`.
    static func isSuperclass(at position: Int, in source: SwiftSource) -> Bool {
        guard source.isPunctuation(position - 1, ":") else { return false }
        var current = position - 2
        if source.isPunctuation(current, ">") {
            while current > 0, !source.isPunctuation(current, "<") { current -= 1 }
            current -= 1
        }
        return source[current]?.kind == .identifier && source.isIdentifier(current - 1, "class")
    }

    /// The source text of the code tokens from `first` through `last`, spacing included.
    private static func text(from first: Int, to last: Int, in source: SwiftSource) -> String {
        guard first <= last else { return "" }
        return source.tokens[source.code[first]...source.code[last]].map(\.text).joined()
    }

    /// The indentation of the first member of the body that opens at `open`.
    private static func memberIndentation(after open: Int, in source: SwiftSource) -> String {
        let index = source.code[open + 1] - 1
        if index > source.code[open], source.tokens[index].kind == .whitespace,
            source.tokens[index - 1].kind == .newline
        {
            return source.tokens[index].text
        }
        return "    "
    }
}
