import Foundation

/// What a ``LineReader`` turns lines into, one at a time.
protocol LineCollecting: LineConsumer {
    associatedtype Item
    /// The item of the latest line, once.
    mutating func take() -> Item?
}

/// Reads a streamed body line by line for the line-based views: splits each chunk as it comes
/// and hands the items over one at a time.
struct LineReader<Collector: LineCollecting> {
    private(set) var reader: StreamReader
    private var splitter: LineSplitter
    private var collector: Collector

    init(_ reader: StreamReader, maximumLength: Int, collector: Collector) {
        self.reader = reader
        self.collector = collector
        splitter = LineSplitter(maximumLength: maximumLength)
    }

    /// The next item, `nil` after the last line.
    mutating func nextItem(isolation actor: isolated (any Actor)?) async throws(CourierError) -> Collector.Item? {
        while true {
            if let item = try collect(finishing: false) { return item }
            if reader.isDone { return nil }
            guard let chunk = try await reader.nextChunk(isolation: actor) else {
                return try collect(finishing: true)
            }
            splitter.feed(chunk)
        }
    }

    /// Finishes the stream with `error`, and returns it.
    mutating func fail(_ error: CourierError) -> CourierError {
        reader.fail(error)
    }

    /// The item of the next line of the chunk, or with `finishing` of the body's unended last line.
    private mutating func collect(finishing: Bool) throws(CourierError) -> Collector.Item? {
        do throws(StreamError) {
            if finishing {
                try splitter.finish(into: &collector)
            } else {
                try splitter.split(into: &collector)
            }
            return collector.take()
        } catch {
            throw reader.fail(error)
        }
    }
}
