import Foundation

extension Provider {
    /// Sends the request for `target` and reports its progress: iterate the returned
    /// ``ProgressSequence`` for ``ProgressResponse`` events, and await its `response`.
    ///
    /// ```swift
    /// for try await event in provider.requestWithProgress(.download(id)) {
    ///     print(event.completed ? "done: \(event.response?.fileURL)" : "\(Int(event.progress * 100)) %")
    /// }
    /// ```
    ///
    /// Uploads report the bytes sent; every other request reports the bytes received. The request
    /// starts when the sequence is first iterated or its `response` first awaited, and goes
    /// through the same pipeline as ``request(_:)``: plugins, stubs, validation and retries.
    /// Cancelling a task that iterates or awaits it cancels the request.
    public func requestWithProgress(_ target: Target) -> ProgressSequence {
        ProgressSequence(direction: ProgressReporter.direction(of: target.task)) { reporter in
            await self.perform(target, progress: reporter)
        }
    }
}
