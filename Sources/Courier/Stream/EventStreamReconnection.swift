/// Reconnects a server-sent event stream after its connection dropped, as its
/// ``ReconnectionPolicy`` says.
struct EventStreamReconnection {
    let policy: ReconnectionPolicy
    let reconnect: StreamSource.Reconnect
    let monitor: StreamMonitor
    /// Reconnections that failed, or delivered no event, since the last event.
    private var failures = 0

    init(policy: ReconnectionPolicy, reconnect: @escaping StreamSource.Reconnect, monitor: StreamMonitor) {
        self.policy = policy
        self.reconnect = reconnect
        self.monitor = monitor
    }

    /// An event arrived: failures are counted from zero again.
    mutating func eventArrived() {
        failures = 0
    }

    /// Waits and reconnects until a connection opens, and returns its body; `nil` when the
    /// server answered `204 No Content`, which ends the stream.
    /// - Parameters:
    ///   - error: Why the connection ended: thrown as it is when no attempt is left.
    ///   - lastEventID: The stream's last event ID, empty for none.
    ///   - serverRetry: The stream's reconnection time, if it set one.
    /// - Throws: ``CourierError/cancelled`` when the task or the stream is cancelled; a status
    ///   the target refuses, or a `Content-Type` that is not an event stream
    ///   (``StreamError/notAnEventStream(contentType:)``), at once; otherwise the last error once
    ///   ``ReconnectionPolicy/maximumAttempts`` attempts in a row failed.
    mutating func reconnect(
        isolation actor: isolated (any Actor)?, after error: CourierError, lastEventID: String,
        serverRetry: Duration?
    ) async throws(CourierError) -> StreamSource? {
        var lastError = error
        while failures < policy.maximumAttempts {
            failures += 1
            do {
                let delay = policy.delay(attempt: failures, serverRetry: serverRetry)
                try await monitor.wait { [policy] in try await policy.sleep(delay) }
            } catch {
                throw .cancelled
            }
            if Task.isCancelled || monitor.isCancelled { throw .cancelled }
            let stream: StreamedResponse
            do {
                stream = try await reconnect(lastEventID.isEmpty ? nil : lastEventID, monitor)
            } catch {
                let failure = StreamReader.courierError(error, response: nil)
                if failure.isCancelled || Self.isFinal(failure) { throw failure }
                lastError = failure
                continue
            }
            monitor.reconnected()
            if stream.response.statusCode == 204 { return nil }
            if let refusal = EventStreamContentType.refusal(of: stream.response) {
                stream.cancel()
                throw .underlying(refusal, stream.response)
            }
            return stream.source
        }
        throw lastError
    }

    /// Whether `error` means the server refused the stream rather than could not be reached.
    private static func isFinal(_ error: CourierError) -> Bool {
        if case .statusCode = error { return true }
        return false
    }
}
