import Foundation

@testable import Courier

/// The line splitter under ``LineSequence`` and ``JSONLineSequence`` on any body, whole and cut
/// into chunks where the input picks, and each JSON line decoded as `JSONDecoder` decodes rows.
///
/// Checked: the lines (text and JSON) and the error that ends them are the same however the body
/// is cut; no line is longer than the limit.
enum LinesHarness: FuzzHarness {
    static let name = "lines"
    private static let maximumLength = 200

    static func run(_ input: FuzzInput) {
        let chunks = input.chunks()
        let text = Outcome(splitting: [input.data], into: TextLines())
        precondition(text == Outcome(splitting: chunks, into: TextLines()), "text lines, cut at \(chunks.map(\.count))")
        let json = Outcome(splitting: [input.data], into: JSONLines())
        precondition(json == Outcome(splitting: chunks, into: JSONLines()), "JSON lines, cut at \(chunks.map(\.count))")
        for line in json.items {
            precondition(line.count <= maximumLength)
            _ = try? JSONDecoder().decode(JSONValue.self, from: line)
        }
    }

    /// The items a collector makes of a body, as ``LineReader`` hands them over, and the error.
    private struct Outcome<Collector: LineCollecting>: Equatable where Collector.Item: Equatable {
        var items: [Collector.Item] = []
        var failure: StreamError?

        init(splitting chunks: [Data], into collector: Collector) {
            var collector = collector
            var splitter = LineSplitter(maximumLength: LinesHarness.maximumLength)
            do throws(StreamError) {
                for chunk in chunks {
                    precondition(splitter.needsChunk)
                    splitter.feed(chunk)
                    while true {
                        try splitter.split(into: &collector)
                        guard let item = collector.take() else { break }
                        items.append(item)
                    }
                }
                try splitter.finish(into: &collector)
                if let item = collector.take() { items.append(item) }
            } catch {
                failure = error
            }
        }
    }
}

/// Any JSON value, decoded the way an app's `Decodable` rows are: through `JSONDecoder`'s
/// containers, to whatever depth the text nests.
private enum JSONValue: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}
