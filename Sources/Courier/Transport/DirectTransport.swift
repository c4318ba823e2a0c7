import Foundation

/// A transport of Courier's own that the pipeline calls through ``exchange(_:)`` rather than
/// ``HTTPTransport/send(_:)``, sparing every request two costs of the public seam:
///
/// - It enforces ``TransportRequest/timeoutIntervalForResource`` itself, failing with
///   ``ResourceDeadline/timedOut(after:)`` as the pipeline would; otherwise the pipeline runs each
///   exchange in a task of its own that a timer cancels (see ``ResourceDeadline``): a second task
///   and two more thread hand-offs per request.
/// - It answers with the head it parsed, and the `HTTPURLResponse` is made only when someone reads
///   it (see ``DeferredHTTPResponse``).
///
/// The answer must be what ``HTTPTransport/send(_:)`` would return, with the same errors.
///
/// Class-bound, so that a reference to one is two words, not an existential's five: every
/// request's ``TransportExchange`` holds one, and the `async` frames that hold the exchange are
/// allocated for every request.
protocol DirectTransport: HTTPTransport, AnyObject {
    /// Sends `request`, as ``HTTPTransport/send(_:)`` does, enforcing its total limit.
    func exchange(_ request: TransportRequest) async throws -> DirectAnswer
}

/// What a ``DirectTransport`` answers: a ``TransportResponse`` whose `HTTPURLResponse` may still
/// be to make.
struct DirectAnswer: Sendable {
    let statusCode: Int
    let http: HTTPResponseSource
    let data: Data
    let fileURL: URL?
    /// What the transport measured, made into ``TransferMetrics`` when read.
    var measured: MeasuredTransfer = .none
}
