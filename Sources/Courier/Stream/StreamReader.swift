import Foundation

/// Reads the chunks of a streamed body for one of its views: counts them, turns every error into a
/// ``CourierError`` that keeps the head, and reports the end to the stream's monitor.
struct StreamReader {
    private(set) var source: StreamSource
    private var chunks: ResponseBodyStream.Iterator?
    private var tally: StreamTally?
    private(set) var isDone = false

    /// A reader of `source`'s body; if another reader came first, it throws
    /// ``StreamError/alreadyRead``.
    init(_ source: StreamSource) {
        self.source = source
        chunks = source.claim()
        tally = chunks.map { _ in StreamTally(monitor: source.monitor) }
    }

    /// The head, with an empty body.
    var response: Response { source.response }

    /// The next chunk, `nil` at the end. The end, and any error, finish the stream.
    mutating func nextChunk(isolation actor: isolated (any Actor)?) async throws(CourierError) -> Data? {
        do throws(CourierError) {
            guard let chunk = try await read(isolation: actor) else {
                end(.completed)
                return nil
            }
            return chunk
        } catch {
            throw fail(error)
        }
    }

    /// The next chunk, `nil` at the end, leaving the end and errors to the caller (which may
    /// reconnect instead of finishing).
    mutating func read(isolation actor: isolated (any Actor)?) async throws(CourierError) -> Data? {
        guard !isDone else { return nil }
        guard chunks != nil else { throw .underlying(StreamError.alreadyRead, response) }
        do {
            guard let chunk = try await chunks?.next() else { return nil }
            tally?.bytes += chunk.count
            return chunk
        } catch {
            throw Self.courierError(error, response: response)
        }
    }

    /// Counts one server-sent event handed to the caller.
    func countEvent() {
        tally?.events += 1
    }

    /// Finishes the stream with `outcome`; later reads return `nil`.
    mutating func end(_ outcome: StreamSummary.Outcome) {
        isDone = true
        tally?.finish(outcome)
        chunks = nil
    }

    /// Finishes the stream with `error` and returns it, to be thrown.
    mutating func fail(_ error: CourierError) -> CourierError {
        end(error.isCancelled ? .cancelled : .failed(error))
        return error
    }

    /// Finishes the stream with `error`, a problem in the body's content, and returns it.
    mutating func fail(_ error: StreamError) -> CourierError {
        fail(.underlying(error, response))
    }

    /// Goes on reading from `next`, a reconnection, which reports to the same monitor.
    mutating func continueReading(_ next: StreamSource) {
        source = next
        chunks = next.claim()
    }

    /// Stops the transfer after a normal end that came before the body's (a sentinel event).
    mutating func stop() {
        end(.completed)
        source.body.cancel()
    }

    /// `error` from the transport or the body as a ``CourierError`` that keeps the head.
    static func courierError(_ error: any Error, response: Response?) -> CourierError {
        if let courierError = error as? CourierError { return courierError }
        if error is CancellationError || (error as? URLError)?.code == .cancelled { return .cancelled }
        return .underlying(error, response)
    }
}
