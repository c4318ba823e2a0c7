import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A total time limit around an exchange with the server, the same for every transport: the
/// exchange runs in a task of its own, which ``DeadlineTimer`` cancels when the limit passes
/// first; cancelling the caller cancels it too.
///
/// That task starts immediately where the platform can (`Task.immediate`: all of Linux, Apple
/// platforms from the 2025 releases): it runs in the caller's thread until the transport first
/// suspends, so a transport that answers at once costs no thread hop, and one that suspends
/// starts its work without waiting for a thread to wake.
enum ResourceDeadline {
    /// The limit passed before the exchange ended.
    struct Exceeded: Error {
        /// `URLError(.timedOut)`, naming the limit.
        let error: URLError
    }

    /// Runs `operation`, or throws ``Exceeded`` once `seconds` have passed. `nil`, infinite or
    /// non-positive `seconds` set no limit.
    static func run<Value: Sendable>(
        _ seconds: TimeInterval?, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard let seconds, seconds.isFinite, seconds > 0 else { return try await operation() }
        // The limit counts from here: the work may run for a while before it first suspends.
        let deadline = ContinuousClock.now.advanced(by: .saturating(seconds: seconds))
        let work = startImmediately(operation)
        let registration = DeadlineTimer.shared.schedule(at: deadline) { work.cancel() }
        do {
            let value = try await withTaskCancellationHandler {
                try await work.value
            } onCancel: {
                work.cancel()
            }
            DeadlineTimer.shared.cancel(registration)
            return value
        } catch {
            let expired = !DeadlineTimer.shared.cancel(registration)
            // A download stopped by the limit keeps the resume point its cancellation carried.
            throw expired
                ? Exceeded(error: timedOut(after: seconds).carrying(DownloadResumePoint.carried(by: error))) : error
        }
    }

    /// `operation` in a task of its own, started in the caller's thread where `Task.immediate`
    /// exists (see ``ResourceDeadline``), as an ordinary task elsewhere.
    private static func startImmediately<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) -> Task<Value, any Error> {
        #if compiler(>=6.2)
            if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
                return Task.immediate { try await operation() }
            }
        #endif
        return Task { try await operation() }
    }

    /// What an exchange's error means for the request: the limit passing (`URLError(.timedOut)`),
    /// a cancellation (with the resume point of a download it stopped), or the transport's own
    /// failure.
    static func courierError(for error: any Error) -> CourierError {
        if let timedOut = error as? Exceeded { return .underlying(timedOut.error, nil) }
        if Task.isCancelled || (error as? URLError)?.code == .cancelled {
            guard let point = DownloadResumePoint.carried(by: error) else { return .cancelled }
            return .underlying(URLError(.cancelled).carrying(point), nil)
        }
        return .wrapping(error)
    }

    /// `URLError(.timedOut)` whose description names the limit and the target member that sets
    /// it. The URL is left out: descriptions must not carry a query's secrets. Transports that
    /// enforce the limit themselves fail with this error too, so the caller sees one error.
    static func timedOut(after seconds: TimeInterval) -> URLError {
        URLError(
            .timedOut,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "The request did not finish within its \(seconds.formatted()) s limit "
                    + "(timeoutIntervalForResource)."
            ])
    }
}

extension TimeInterval {
    /// `300`, `0.5`: the shortest text that reads back as the same number.
    fileprivate func formatted() -> String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
