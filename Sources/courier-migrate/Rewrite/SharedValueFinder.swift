/// Swift 6 mode refuses a value that is not `Sendable` in a `static let` or a global (*… is not
/// concurrency-safe*), with Moya as with Courier: plugins are not `Sendable` (they hold the app's
/// closures), nor is a class ported from a `MoyaProvider` subclass or an app's plugin class, nor a
/// provider's closure kept in a `let` (`let endpointClosure = { (target: API) -> Endpoint in … }`).
/// A `Provider` is `Sendable`, so a shared provider needs nothing.
///
/// Such a declaration gets a note, unless `@MainActor` or `nonisolated(unsafe)` already settles it,
/// or it is in a type of the main actor (marked `@MainActor`, or a UIKit or AppKit view or
/// controller). Under Xcode 26's settings, where app code is on the main actor by default, it
/// compiles as it is; the note says what Swift 6 mode needs.
enum SharedValueFinder {
    /// Notes the shared values of `draft`; `classes` names the classes of every migrated file that are
    /// not `Sendable` (``ProjectDeclarations/unsendableClasses``).
    static func run(_ draft: inout MigrationDraft, classes: Set<String>) {
        let source = draft.source
        let unsendable = classes.union(pluginTypes)
        let bodies = typeBodies(in: source)
        var depth = 0
        for position in source.code.indices {
            if source.isPunctuation(position, "{") { depth += 1 }
            if source.isPunctuation(position, "}") { depth -= 1 }
            guard let keyword = source[position], keyword.kind == .identifier, ["let", "var"].contains(keyword.text)
            else { continue }
            let attributes = attributes(before: position, in: source)
            guard attributes.contains("static") || depth == 0,
                attributes.isDisjoint(with: ["@MainActor", "nonisolated"]), !source.isIdentifier(position - 1, "case"),
                !bodies.contains(where: { $0.isMainActor && $0.range.contains(position) }),
                source[position + 1]?.kind == .identifier
            else { continue }
            if holdsProviderClosure(declarationAt: position, in: source) {
                draft.note(at: position, HandAdvice.sharedClosure)
            } else if holdsUnsendable(declarationAt: position, names: unsendable, in: source) {
                draft.note(at: position, HandAdvice.sharedUnsendableValue)
            }
        }
    }

    /// Courier's plugins: each keeps a closure of the app's.
    private static let pluginTypes: Set<String> = [
        "NetworkLoggerPlugin", "AccessTokenPlugin", "CredentialsPlugin", "NetworkActivityPlugin",
    ]

    /// The attributes and modifiers before the declaration keyword at `position`, `nonisolated(unsafe)`
    /// as `nonisolated`.
    private static func attributes(before position: Int, in source: SwiftSource) -> Set<String> {
        var found: Set<String> = []
        var current = position - 1
        while let token = source[current] {
            if token.isPunctuation(")"), source.isPunctuation(current - 2, "("),
                source.isIdentifier(current - 3, "nonisolated")
            {
                current -= 3
                continue
            }
            guard token.kind == .identifier, token.text.hasPrefix("@") || modifiers.contains(token.text) else { break }
            found.insert(token.text)
            current -= 1
        }
        return found
    }

    private static let modifiers: Set<String> = [
        "public", "internal", "private", "fileprivate", "open", "package", "final", "lazy", "static", "nonisolated",
    ]

    /// Whether the declaration at `position` (`let` or `var`) is stored and names a plugin type,
    /// `PluginType` or one of `names` in its type, or starts its value with one (`= Name(`,
    /// `= [Name(`, `= Name<…>(`, `= Name {`).
    private static func holdsUnsendable(declarationAt position: Int, names: Set<String>, in source: SwiftSource)
        -> Bool
    {
        var current = position + 2
        if source.isPunctuation(current, ":") {
            var typeNames: Set<String> = []
            while let token = source[current], !token.isPunctuation("="), !token.isPunctuation("{") {
                if token.kind == .identifier { typeNames.insert(token.text) }
                if source.lineBreakFollows(current) { break }
                current += 1
            }
            guard !source.isPunctuation(current, "{") else { return false }  // computed
            if !typeNames.isDisjoint(with: names.union(["PluginType"])) { return true }
            guard source.isPunctuation(current, "=") else { return false }
        }
        guard source.isPunctuation(current, "=") else { return false }
        var value = current + 1
        if source.isPunctuation(value, "[") { value += 1 }
        if source.isIdentifier(value, "Moya") || source.isIdentifier(value, "CourierPlugins"),
            source.isPunctuation(value + 1, ".")
        {
            value += 2
        }
        return names.contains(source[value]?.text ?? "")
    }

    /// Whether the declaration at `position` keeps a closure (not one called at once, `= { … }()`)
    /// whose signature or declared type names a provider's closure: `Endpoint`, `StubBehavior`,
    /// `RequestResultClosure`, `EndpointSampleResponse`, or a closure type alias of the provider's.
    private static func holdsProviderClosure(declarationAt position: Int, in source: SwiftSource) -> Bool {
        var equals = position + 2
        while let token = source[equals], !token.isPunctuation("=") {
            if token.isPunctuation("{") || source.lineBreakFollows(equals) { return false }
            equals += 1
        }
        guard source.isPunctuation(equals + 1, "{"), let close = source.closingBracket(of: equals + 1),
            !source.isPunctuation(close + 1, "(")
        else { return false }
        let signatureEnd = (equals + 2..<close).first { source.isIdentifier($0, "in") } ?? equals + 1
        return (position + 2..<signatureEnd).contains { providerClosureNames.contains(source[$0]?.text ?? "") }
    }

    private static let providerClosureNames: Set<String> = [
        "Endpoint", "StubBehavior", "RequestResultClosure", "EndpointSampleResponse", "EndpointClosure",
        "RequestClosure", "StubClosure", "SampleResponseClosure",
    ]

    /// The bodies of the file's types and extensions, and whether each belongs to the main actor.
    private static func typeBodies(in source: SwiftSource) -> [(range: Range<Int>, isMainActor: Bool)] {
        var bodies: [(Range<Int>, Bool)] = []
        for position in source.code.indices {
            guard let keyword = source[position], keyword.kind == .identifier,
                ["class", "struct", "enum", "extension", "actor"].contains(keyword.text),
                let name = source[position + 1], name.kind == .identifier,
                let open = (position + 2..<source.code.count).first(where: { source.isPunctuation($0, "{") }),
                let close = source.closingBracket(of: open)
            else { continue }
            let isView = (position + 2..<open).contains { isUIKitViewType(source[$0]) }
            bodies.append((open..<close, isView || attributes(before: position, in: source).contains("@MainActor")))
        }
        return bodies
    }

    /// `UIViewController`, `UITableViewController`, `UIView`, `NSViewController`…: main-actor classes.
    private static func isUIKitViewType(_ token: Token?) -> Bool {
        guard let token, token.kind == .identifier, token.text.hasPrefix("UI") || token.text.hasPrefix("NS") else {
            return false
        }
        return token.text.hasSuffix("Controller") || token.text.hasSuffix("View")
    }
}
