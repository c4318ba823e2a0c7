import Foundation

/// What every view of a ``StreamedResponse`` reads from: the head, the body still arriving, the
/// monitor that reports the stream's end, and how to reconnect an event stream.
final class StreamSource: Sendable {
    /// Opens the stream again for a reconnection, sending the last event ID (if any) as
    /// `Last-Event-ID`; the new stream reports to the same monitor.
    typealias Reconnect = @Sendable (_ lastEventID: String?, _ monitor: StreamMonitor) async throws -> StreamedResponse

    let response: Response
    let body: ResponseBodyStream
    let monitor: StreamMonitor
    /// How `decode` and `jsonLines` decode when the call names no decoder: the target's decoder.
    let decoder: any DataDecoder
    /// `nil` when the stream cannot reconnect: not a `GET`, or not made by a provider.
    let reconnect: Reconnect?
    private let isClaimed = LockedValue(false)

    init(
        response: Response, body: ResponseBodyStream, monitor: StreamMonitor, decoder: any DataDecoder,
        reconnect: Reconnect?
    ) {
        self.response = response
        self.body = body
        self.monitor = monitor
        self.decoder = decoder
        self.reconnect = reconnect
        monitor.adopt(body)
    }

    /// The body's iterator for the first reader; `nil` for every later one, which must not read.
    func claim() -> ResponseBodyStream.Iterator? {
        let first = isClaimed.withLock { claimed -> Bool in
            defer { claimed = true }
            return !claimed
        }
        return first ? body.makeAsyncIterator() : nil
    }
}

/// What one reader took from the body, and whether it has reported the end. If the reader is
/// dropped before the end (a `break` out of its loop), it reports the stream as cancelled.
///
/// Used only by the iterator that owns it, so it needs no lock.
final class StreamTally {
    let monitor: StreamMonitor
    var bytes = 0
    var events = 0
    private var isFinished = false

    init(monitor: StreamMonitor) {
        self.monitor = monitor
    }

    func finish(_ outcome: StreamSummary.Outcome) {
        guard !isFinished else { return }
        isFinished = true
        monitor.finish(outcome, bytes: bytes, events: events)
    }

    deinit {
        finish(.cancelled)
    }
}
