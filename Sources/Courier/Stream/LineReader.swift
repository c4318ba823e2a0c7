import Foundation

/// What a ``LineReader`` turns each line into, collected per chunk.
protocol LineCollecting: LineConsumer {
    associatedtype Item
    /// The items of the lines split so far and not yet taken.
    var items: [Item] { get set }
}

/// Reads a streamed body line by line for the line-based views: splits each chunk as it comes,
/// hands the items over one at a time, and holds back an error found after some lines of a chunk
/// until those lines are taken.
struct LineReader<Collector: LineCollecting> {
    private(set) var reader: StreamReader
    private var splitter: LineSplitter
    private var collector: Collector
    private var index = 0
    private var failure: CourierError?

    init(_ reader: StreamReader, maximumLength: Int, collector: Collector) {
        self.reader = reader
        self.collector = collector
        splitter = LineSplitter(maximumLength: maximumLength)
    }

    /// The next item, `nil` after the last line.
    mutating func next() async throws(CourierError) -> Collector.Item? {
        while true {
            if index < collector.items.count {
                defer { index += 1 }
                return collector.items[index]
            }
            collector.items.removeAll(keepingCapacity: true)
            index = 0
            if let failure {
                self.failure = nil
                throw failure
            }
            if reader.isDone { return nil }
            let chunk = try await reader.next()
            do throws(StreamError) {
                if let chunk {
                    try splitter.split(chunk, into: &collector)
                } else {
                    try splitter.finish(into: &collector)
                }
            } catch {
                failure = reader.fail(error)
            }
        }
    }

    /// Finishes the stream with `error`, dropping the lines not taken yet, and returns it.
    mutating func fail(_ error: CourierError) -> CourierError {
        collector.items.removeAll()
        index = 0
        failure = nil
        return reader.fail(error)
    }
}
