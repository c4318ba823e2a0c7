import Foundation

/// A request whose response body is kept in memory. Each piece is appended once, as it arrives,
/// to a buffer sized from `Content-Length`: no second copy, as `URLSession.data(for:)` makes at
/// the end.
///
/// `maximumResponseSize` is enforced here: a body that announces more is refused from its head, and
/// one that grows past the limit (chunked, or decoded from gzip) is dropped at the piece that
/// crosses it, so memory never holds more than the limit and one piece. (The task's cancel then
/// takes a moment to land; the pieces that arrive meanwhile are counted and dropped.)
final class DataTransfer: TaskHandler {
    private struct State {
        var response: HTTPURLResponse?
        var body = Data()
        var received: Int64 = 0
        var tooLarge: ResponseTooLargeError?
    }

    /// The most a body's announced length reserves up front; longer bodies grow as they arrive.
    /// (A server that announces a huge length and sends nothing reserves no more than this.)
    static let largestReservation: Int64 = 64 << 20

    private let limit: Int64?
    let meter: TransferMeter
    let run = TaskRun<TransportResponse>()
    let metricsRecorder: TaskMetricsRecorder? = TaskMetricsRecorder()
    private let state = LockedValue(State())

    init(_ request: TransportRequest) {
        limit = request.maximumResponseSize
        meter = TransferMeter(request)
    }

    /// Sends the request with a task from `start` and returns the response with its body.
    func perform(_ start: (any TaskHandler) throws -> URLSessionTask) async throws -> TransportResponse {
        try await run.perform { try start(self) }
    }

    func task(_ task: URLSessionTask, didReceive response: URLResponse) -> Bool {
        let announced = response.expectedContentLength
        if let limit, announced > limit {
            state.withLock { $0.tooLarge = ResponseTooLargeError(limit: limit, size: announced) }
            return false
        }
        state.withLock { state in
            state.response = response as? HTTPURLResponse
            if announced > 0 {
                state.body.reserveCapacity(Int(min(announced, limit ?? announced, Self.largestReservation)))
            }
        }
        return true
    }

    func task(_ task: URLSessionTask, didReceive data: Data) {
        let piece = state.withLock { state -> BodyPiece in
            state.received += Int64(data.count)
            guard state.tooLarge == nil else { return .dropped }
            if let limit, state.received > limit {
                state.tooLarge = ResponseTooLargeError(limit: limit, size: state.received)
                state.body = Data()
                return .stop
            }
            state.body.append(data)
            return .kept(state.received, state.response?.expectedContentLength)
        }
        piece.settle(task, meter: meter)
    }

    func task(_ task: URLSessionTask, didCompleteWith error: (any Error)?) {
        let (response, body, tooLarge) = state.withLock { state in
            defer { state.body = Data() }
            return (state.response, state.body, state.tooLarge)
        }
        run.finish {
            if let tooLarge { return .failure(tooLarge) }
            if let error {
                // A declined challenge: the 401, with as much of its body as arrived.
                if let challenged = run.declinedChallenge(endingWith: error) {
                    return .success(
                        TransportResponse(response: challenged, data: body, metrics: metricsRecorder?.metrics()))
                }
                return .failure(error)
            }
            guard let response = response ?? task.response as? HTTPURLResponse else {
                return .failure(URLError(.badServerResponse))
            }
            return .success(TransportResponse(response: response, data: body, metrics: metricsRecorder?.metrics()))
        }
    }
}
