@testable import CourierOpenAPIKit

/// courier-openapi on any document: read as JSON or YAML (``DocumentReader``, whose JSON half is
/// ``JSONReader``), then turned into Swift (``Generator``), as the tool and its build plugin do with
/// a document someone hands them.
///
/// Checked: a JSON value never nests deeper than ``JSONReader/maximumDepth``; the same document
/// always gives the same files and warnings; timeouts catch a `$ref` cycle that never ends.
enum OpenAPIDocumentHarness: FuzzHarness {
    static let name = "openapi-document"
    static let options = ["-max_len=16384"]

    static func run(_ input: FuzzInput) {
        let bytes = Array(input.bytes)
        guard let root = try? DocumentReader.read(bytes) else { return }
        precondition(depth(of: root) <= JSONReader.maximumDepth + 1, "nested too deeply")
        let options = GeneratorOptions(name: "Fuzzed", emitsSamples: true)
        guard let generated = try? Generator.generate(root, options: options) else { return }
        let again = try? Generator.generate(root, options: options)
        precondition(again?.files == generated.files, "the same document gave other files")
        precondition(again?.warnings == generated.warnings, "the same document gave other warnings")
    }

    /// How deep `value` nests, walked with a stack of its own.
    private static func depth(of value: DocumentValue) -> Int {
        var pending: [(DocumentValue, Int)] = [(value, 1)]
        var deepest = 0
        while let (next, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            switch next {
            case .array(let items): pending.append(contentsOf: items.map { ($0, depth + 1) })
            case .object(let object): pending.append(contentsOf: object.members.map { ($0.value, depth + 1) })
            case .null, .bool, .number, .string: break
            }
        }
        return deepest
    }
}
