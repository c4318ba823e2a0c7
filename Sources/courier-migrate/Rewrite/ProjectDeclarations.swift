/// What the migrated files declare that a rule in another file needs to know: the classes that are
/// not `Sendable`, the app's protocols that refine `TargetType` and those whose associated type is
/// a `TargetType`. Collected from every file before any is migrated.
struct ProjectDeclarations {
    /// Classes that are not `Sendable`: subclasses of `MoyaProvider` (which become provider
    /// wrappers) and plugin classes, unless their inheritance clause says `Sendable`.
    var unsendableClasses: Set<String> = []
    /// The app's protocols, each with the names in its inheritance clause.
    private var protocolParents: [String: Set<String>] = [:]
    /// Protocols with an associated type that is a `TargetType` (`protocol Networkable {
    /// associatedtype Target: TargetType }`).
    var associatedTargetProtocols: Set<String> = []

    /// The declarations of `source`.
    init(in source: SwiftSource) {
        for position in source.code.indices {
            guard let keyword = source[position], keyword.kind == .identifier,
                keyword.text == "class" || keyword.text == "protocol", let name = source[position + 1],
                name.kind == .identifier, !["var", "func", "let", "subscript"].contains(name.text)
            else { continue }
            let inherited = Self.inheritedNames(after: position + 2, in: source)
            if keyword.text == "protocol" {
                protocolParents[name.text, default: []].formUnion(inherited)
                if !inherited.contains("TargetType"), Self.hasTargetAssociatedType(protocolAt: position, in: source) {
                    associatedTargetProtocols.insert(name.text)
                }
            } else if !inherited.contains("Sendable"), !inherited.isDisjoint(with: ["MoyaProvider", "PluginType"]) {
                unsendableClasses.insert(name.text)
            }
        }
    }

    /// No declarations.
    init() {}

    /// Adds the declarations of `other`.
    mutating func formUnion(_ other: ProjectDeclarations) {
        unsendableClasses.formUnion(other.unsendableClasses)
        protocolParents.merge(other.protocolParents) { $0.union($1) }
        associatedTargetProtocols.formUnion(other.associatedTargetProtocols)
    }

    /// Protocols that refine `TargetType`, directly (`protocol BaseTarget: TargetType {}`) or
    /// through another of the app's protocols (`protocol PagedTarget: BaseTarget {}`).
    var targetProtocols: Set<String> {
        var found: Set<String> = []
        // Each pass adds at least one protocol or ends, so at most one pass per protocol.
        var grew = true
        while grew {
            grew = false
            for (name, parents) in protocolParents where !found.contains(name) {
                guard parents.contains("TargetType") || !parents.isDisjoint(with: found) else { continue }
                found.insert(name)
                grew = true
            }
        }
        return found
    }

    /// Whether the body of the protocol declared at `position` has `associatedtype Name: TargetType`
    /// (`TargetType` anywhere in the associated type's inheritance clause).
    private static func hasTargetAssociatedType(protocolAt position: Int, in source: SwiftSource) -> Bool {
        guard let open = (position + 2..<source.code.count).first(where: { source.isPunctuation($0, "{") }),
            let close = source.closingBracket(of: open)
        else { return false }
        return (open + 1..<close).contains { keyword in
            source.isIdentifier(keyword, "associatedtype")
                && inheritedNames(after: keyword + 2, in: source).contains("TargetType")
        }
    }

    /// The names in the inheritance clause that starts at `position` (after generic parameters),
    /// up to its `{` or `where`.
    static func inheritedNames(after position: Int, in source: SwiftSource) -> Set<String> {
        var current = position
        if source.isPunctuation(current, "<"), let close = source.closingBracket(of: current) { current = close + 1 }
        guard source.isPunctuation(current, ":") else { return [] }
        var names: Set<String> = []
        while let token = source[current], !token.isPunctuation("{"), !token.isIdentifier("where") {
            if token.kind == .identifier { names.insert(token.text) }
            current += 1
        }
        return names
    }
}
