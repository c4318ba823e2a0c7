import Dispatch
import Foundation

extension Provider {
    /// Sends the download request for `target`, continuing the partial download `point` describes,
    /// and returns its response once the whole file is at the destination.
    ///
    /// ```swift
    /// do {
    ///     let file = try await provider.request(.report(id), resumingFrom: savedPoint).fileURL
    /// } catch {
    ///     savedPoint = error.resumePoint      // nil once nothing can be resumed
    /// }
    /// ```
    ///
    /// With a point, the request asks for the rest with `Range: bytes=N-` and `If-Range` (the
    /// point's entity tag, else its date): a `206` is appended to the partial file; a `200` (the
    /// representation changed) or a `416` starts again from the first byte, as does a point whose
    /// partial file is gone or changed size. The file at the destination is byte for byte what a
    /// single download would have saved. Without a point (`nil`), this is ``request(_:isolation:)->Response``;
    /// every download through it, or through any other form of `request`, can be resumed if it
    /// fails part-way, and a retry (`RetryPlugin`) resumes it by itself.
    ///
    /// The request runs on the caller's isolation, as ``request(_:isolation:)->Response`` does.
    /// A transport other than Courier's own, or a stub, cannot resume: the download starts again,
    /// and the point's partial file is removed when it ends.
    /// - Parameters:
    ///   - target: The target; its task must be `.downloadDestination` or `.downloadParameters`
    ///     when `point` is given.
    ///   - point: Where the download stopped, from ``CourierError/resumePoint``; `nil` to start
    ///     from the first byte.
    ///   - isolation: The caller's isolation; leave it out.
    /// - Throws: ``CourierError``; when the download fails part-way again, its
    ///   ``CourierError/resumePoint`` says where it stands now. A point for a target that is not a
    ///   download, or for another URL, fails with ``DownloadResumeError`` before anything is sent.
    public func request(
        _ target: Target, resumingFrom point: DownloadResumePoint?, isolation: isolated (any Actor)? = #isolation
    ) async throws(CourierError) -> Response {
        // As far as nothing can suspend (an immediate stub, say), the request runs as plain calls,
        // with no task hop at all; the rest, if any, is awaited on the caller's isolation.
        switch performSynchronously(target, progress: nil, resumingFrom: point, answeringFromMemory: true) {
        case .finished(let result): return try result.get()
        case .suspended(let rest): return try await rest(isolation).get()
        }
    }

    /// Sends the download request for `target`, continuing the partial download `point`
    /// describes, and calls `completion` once with the outcome (see
    /// ``request(_:resumingFrom:isolation:)`` for what resuming does, and
    /// ``request(_:callbackQueue:progress:completion:isolation:)`` for where the closures run).
    ///
    /// `progress` counts the bytes of the whole file: a resumed download starts at the bytes
    /// already received, never at zero.
    /// - Parameters:
    ///   - target: The target.
    ///   - point: Where the download stopped; `nil` to start from the first byte.
    ///   - callbackQueue: Where `progress` and `completion` run for a caller isolated to no actor.
    ///     `nil` by default.
    ///   - progress: Receives progress events, the last one with the response. `nil` by default.
    ///   - completion: Receives the outcome, exactly once, also when cancelled.
    ///   - isolation: The caller's isolation; leave it out.
    /// - Returns: A ``Cancellable`` that cancels the request; the cancellation's error carries the
    ///   resume point of what had arrived.
    @discardableResult
    public func request(
        _ target: Target,
        resumingFrom point: DownloadResumePoint?,
        callbackQueue: DispatchQueue? = nil,
        progress: ProgressBlock? = nil,
        completion: @escaping Completion,
        isolation: isolated (any Actor)? = #isolation
    ) -> any Cancellable {
        CompletionDelivery.start(
            isolation: isolation, queue: callbackQueue ?? self.callbackQueue, task: target.task, progress: progress,
            completion: completion
        ) { reporter in
            performSynchronously(target, progress: reporter, resumingFrom: point)
        }
    }

    /// Sends the download request for `target`, continuing the partial download `point`
    /// describes, and reports its progress (see ``requestWithProgress(_:isolation:)``).
    ///
    /// Events count the bytes of the whole file: a resumed download's first event is the bytes
    /// already received, of the total, and the count never goes back to zero.
    /// - Parameters:
    ///   - target: The target.
    ///   - point: Where the download stopped; `nil` to start from the first byte.
    ///   - isolation: The caller's isolation; leave it out.
    public func requestWithProgress(
        _ target: Target, resumingFrom point: DownloadResumePoint?, isolation: isolated (any Actor)? = #isolation
    ) -> ProgressSequence {
        let call = CallerIsolated(target)
        let operation = CallerIsolated { (reporter: ProgressReporter, isolation: isolated (any Actor)?) in
            await self.perform(call.value, progress: reporter, resumingFrom: point, isolation: isolation)
        }
        return ProgressSequence(
            direction: ProgressReporter.direction(of: target.task), isolation: isolation, operation: operation)
    }
}
