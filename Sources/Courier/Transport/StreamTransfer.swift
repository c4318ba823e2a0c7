import Foundation

/// A streamed request: the caller gets the response as soon as its head arrives, and the body is
/// fed to a ``ResponseBodyStream`` from the session delegate's callbacks, piece by piece.
///
/// URLSession cannot hold a server back (FoundationNetworking's `suspend()` drops the connection
/// and `resume()` sends the request again; Apple's restarts data tasks too), so this transfer
/// cannot pause when the reader falls behind. The stream's buffer fills to its limit; past it,
/// pieces still go in, up to `backlogLimit` more bytes, and then the stream fails with
/// ``StreamBacklogError`` and the transfer stops. Memory stays bounded whatever the reader does.
final class StreamTransfer: TaskHandler {
    private struct State {
        var writer: ResponseBodyStream.Writer?
        /// Bytes handed to the stream since it last asked to pause: how far past its buffer limit
        /// the reader has fallen.
        var backlog = 0
        var failure: (any Error)?
    }

    private let bufferLimit: Int
    private let backlogLimit: Int
    let run = TaskRun<TransportStream>()
    let meter: TransferMeter
    /// A stream's metrics are not reported: its head is answered long before it ends.
    var metricsRecorder: TaskMetricsRecorder? { nil }
    private let state = LockedValue(State())

    /// A streamed transfer for `request` whose stream buffers `bufferLimit` bytes, then
    /// `backlogLimit` more before failing. Only the upload is metered: the body is the reader's.
    init(_ request: TransportRequest, bufferLimit: Int, backlogLimit: Int) {
        self.bufferLimit = bufferLimit
        self.backlogLimit = backlogLimit
        meter = TransferMeter(request)
    }

    /// Sends the request with a task from `start` and returns at the response head.
    func perform(_ start: (any TaskHandler) throws -> URLSessionTask) async throws -> TransportStream {
        try await run.perform { try start(self) }
    }

    func task(_ task: URLSessionTask, didReceive response: URLResponse) -> Bool {
        guard let response = response as? HTTPURLResponse else { return false }
        let (body, writer) = ResponseBodyStream.makeStream(bufferLimit: bufferLimit)
        // Runs when the reader leaves, maybe in a cancellation handler: `cancel` only hops.
        writer.onTermination { [run] in run.cancel() }
        let earlier = state.withLock { state in
            defer { state.writer = state.writer ?? writer }
            return state.writer
        }
        if let earlier {
            // A second final head: the body being read cannot go on, and must not be left waiting.
            earlier.finish(throwing: URLError(.badServerResponse))
            return false
        }
        return run.finish(.success(TransportStream(response: response, body: body)))
    }

    func task(_ task: URLSessionTask, didReceive data: Data) {
        guard let writer = state.withLock({ $0.writer }) else { return }
        if writer.yield(data) {
            state.withLock { $0.backlog = 0 }
            return
        }
        if writer.isTerminated { return }  // the reader left; its termination cancels the task
        let overflowed = state.withLock { state -> Bool in
            state.backlog += data.count
            guard state.backlog > backlogLimit, state.failure == nil else { return false }
            state.failure = StreamBacklogError(limit: backlogLimit)
            return true
        }
        if overflowed {
            writer.finish(throwing: StreamBacklogError(limit: backlogLimit))
            TaskCanceller.cancel(task)
        }
    }

    func task(_ task: URLSessionTask, didCompleteWith error: (any Error)?) {
        let (writer, failure) = state.withLock { state in
            defer { state.writer = nil }
            return (state.writer, state.failure)
        }
        let challenged = error.flatMap { run.declinedChallenge(endingWith: $0) }
        guard let writer else {
            // No head reached the caller: the transfer failed first, or was declined (on Apple
            // platforms a challenge comes before the head; the 401 comes back with an empty body).
            run.finish {
                if let challenged {
                    let (body, writer) = ResponseBodyStream.makeStream(bufferLimit: bufferLimit)
                    writer.finish()
                    return .success(TransportStream(response: challenged, body: body))
                }
                return .failure(error ?? URLError(.badServerResponse))
            }
            return
        }
        // On Linux a challenge comes after the 401's body: the stream simply ends.
        writer.finish(throwing: failure ?? (challenged == nil ? error : nil))
    }
}
