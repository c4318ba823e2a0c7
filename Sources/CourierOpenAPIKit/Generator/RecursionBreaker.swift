/// Finds the declarations that contain themselves (a `Node` whose `parent` is a `Node`), which a Swift
/// value type cannot do, and where to break each loop: a `oneOf` enum on a loop becomes `indirect`; a
/// struct property that closes a loop of structs is stored in a box (`Indirect<Node>`).
///
/// Arrays and dictionaries store their elements on the heap, so only direct and optional uses count.
struct RecursionBreaker {
    /// The `oneOf` enums to declare `indirect`.
    private(set) var indirectEnums: Set<String> = []
    /// The struct properties to box: struct name and property index.
    private(set) var boxedProperties: Set<PropertyPlace> = []
    /// Type aliases that name each other in a loop (`A = B`, `B = A`): they become `JSONValue`.
    private(set) var aliasLoops: Set<String> = []

    struct PropertyPlace: Hashable {
        var structName: String
        var property: Int
    }

    private struct Edge {
        var target: String
        var property: Int?
    }

    init(declarations: [String: TypeDecl], order: [String]) {
        var edges: [String: [Edge]] = [:]
        for name in order {
            guard let decl = declarations[name] else { continue }
            switch decl {
            case .structure(let structure):
                edges[name] = structure.properties.enumerated().compactMap { index, property in
                    guard case .named(let target) = property.type else { return nil }
                    return Edge(target: target, property: index)
                }
            case .oneOf(let choice):
                edges[name] = choice.cases.compactMap { choiceCase in
                    guard case .named(let target) = choiceCase.type else { return nil }
                    return Edge(target: target, property: nil)
                }
            case .alias(_, .named(let target), _, _):
                edges[name] = [Edge(target: target, property: nil)]
            case .alias, .stringEnum:
                edges[name] = []
            }
        }
        for name in order {
            guard case .alias = declarations[name] else { continue }
            var seen: [String] = [name]
            var next = edges[name]?.first?.target
            while let current = next, case .alias = declarations[current] {
                if current == name {
                    aliasLoops.formUnion(seen)
                    break
                }
                guard !seen.contains(current), seen.count < 64 else { break }
                seen.append(current)
                next = edges[current]?.first?.target
            }
        }
        for name in aliasLoops { edges[name] = [] }
        for name in order {
            if case .oneOf = declarations[name], Self.reaches(name, from: name, edges) {
                indirectEnums.insert(name)
            }
        }
        for name in indirectEnums { edges[name] = [] }
        // Box one struct property per loop until none is left.
        var guardCount = 0
        while let place = Self.firstLoopProperty(order, edges), guardCount < 10_000 {
            guardCount += 1
            boxedProperties.insert(place)
            edges[place.structName]?.removeAll { $0.property == place.property }
        }
    }

    /// Whether `target` is reachable from `start`'s successors.
    private static func reaches(_ target: String, from start: String, _ edges: [String: [Edge]]) -> Bool {
        var stack = (edges[start] ?? []).map(\.target)
        var seen: Set<String> = []
        while let next = stack.popLast() {
            if next == target { return true }
            guard seen.insert(next).inserted else { continue }
            stack += (edges[next] ?? []).map(\.target)
        }
        return false
    }

    /// The first struct property (in declaration order) whose target leads back to its struct.
    private static func firstLoopProperty(_ order: [String], _ edges: [String: [Edge]]) -> PropertyPlace? {
        for name in order {
            for edge in edges[name] ?? [] {
                guard let property = edge.property else { continue }
                if edge.target == name || reaches(name, from: edge.target, edges) {
                    return PropertyPlace(structName: name, property: property)
                }
            }
        }
        return nil
    }
}
