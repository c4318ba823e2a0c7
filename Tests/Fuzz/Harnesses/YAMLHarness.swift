@testable import CourierOpenAPIKit

/// courier-openapi's YAML 1.2 reader (``YAMLReader``) on any stream: what an OpenAPI document
/// someone hands the generator can hold.
///
/// Checked: the bounds the reader promises (``YAMLLimits``): no value nests deeper than 512
/// levels, and aliases never make a value stand for more nodes than the input's size and the
/// alias budget allow ("billion laughs"); timeouts catch reading that is not linear. A read value
/// equals itself and the first document is what ``YAMLReader/read(_:)`` gives.
enum YAMLHarness: FuzzHarness {
    static let name = "yaml"

    static func run(_ input: FuzzInput) {
        let documents: [DocumentValue]
        do {
            documents = try YAMLReader.readStream(input.bytes)
        } catch {
            return
        }
        let budget = input.bytes.count + YAMLLimits.aliasNodeBudget(inputSize: input.bytes.count)
        for document in documents {
            let (nodes, depth) = size(of: document, stoppingPast: budget)
            precondition(depth <= YAMLLimits.maximumDepth + 1, "nested \(depth) levels")
            precondition(nodes <= budget, "more than \(budget) nodes from \(input.bytes.count) bytes")
            precondition(document == document)
        }
        precondition((try? YAMLReader.read(input.bytes)) == (documents.first ?? .null))
    }

    /// How many nodes `value` stands for (counting each alias's copy), up to `limit` and one, and
    /// how deep it nests: walked with a stack of its own, as a generator walks it.
    private static func size(of value: DocumentValue, stoppingPast limit: Int) -> (nodes: Int, depth: Int) {
        var pending: [(DocumentValue, Int)] = [(value, 1)]
        var nodes = 0
        var deepest = 0
        while let (next, depth) = pending.popLast(), nodes <= limit {
            nodes += 1
            deepest = max(deepest, depth)
            switch next {
            case .array(let items): pending.append(contentsOf: items.map { ($0, depth + 1) })
            case .object(let object): pending.append(contentsOf: object.members.map { ($0.value, depth + 1) })
            case .null, .bool, .number, .string: break
            }
        }
        return (nodes, deepest)
    }
}
