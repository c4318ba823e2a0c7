import Courier

/// How a streamed body was delivered when it was recorded: the size of each chunk, and how the
/// body ended. Stored in the recording next to the response, so replay cuts the body the same way.
struct RecordedStream: Codable, Sendable {
    /// How a recorded stream ended.
    enum End: String, Codable, Sendable {
        /// The body ended normally.
        case completed
        /// The transfer failed, as when the connection drops: replay fails the same way, with
        /// `URLError(.networkConnectionLost)`.
        case dropped
        /// The reader left before the end: replay ends after the chunks that were read.
        case stopped
    }

    /// The size of each chunk, in order.
    var chunks: [Int]
    /// How the body ended.
    var end: End

    /// Plays `body` back cut into the recorded chunks, ending as the recording did.
    func replay(_ body: Data) -> ResponseBodyStream {
        StreamScriptPlayer.play(steps(for: body), on: ContinuousClock())
    }

    /// `body` cut into the recorded chunks (what is left after them as one more), then the failure
    /// of a dropped stream.
    func steps(for body: Data) -> [StreamScript.Step] {
        var steps: [StreamScript.Step] = []
        var offset = body.startIndex
        for size in chunks {
            // The sizes come from a file: one larger than what is left takes the rest, never overflows.
            let end = offset + min(max(size, 0), body.endIndex - offset)
            steps.append(.chunk(body[offset..<end]))
            offset = end
        }
        if offset < body.endIndex { steps.append(.chunk(body[offset...])) }
        if end == .dropped { steps.append(.fail(URLError(.networkConnectionLost))) }
        return steps
    }
}
