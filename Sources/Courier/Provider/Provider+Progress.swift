import Foundation

extension Provider {
    /// Sends the request for `target` and reports its progress: iterate the returned
    /// ``ProgressSequence`` for ``ProgressResponse`` events, and await its `response`.
    ///
    /// ```swift
    /// let download = provider.requestWithProgress(.report(id))
    /// for try await event in download {
    ///     bar.fraction = event.progress        // 0 while the length is unknown: show bytes then
    /// }
    /// let file = try await download.response.fileURL
    /// ```
    ///
    /// Uploads report the bytes sent; every other request reports the bytes received. The request
    /// starts when the sequence is first iterated or its `response` first awaited, and goes
    /// through the same pipeline as ``request(_:)``: plugins, stubs, validation and retries.
    /// Cancelling a task that iterates or awaits it cancels the request.
    ///
    /// The request runs on the isolation of the code that calls this method (`isolation`), as
    /// ``request(_:isolation:)->Response`` does.
    /// - Parameters:
    ///   - target: The target.
    ///   - isolation: The caller's isolation; leave it out.
    public func requestWithProgress(_ target: Target, isolation: isolated (any Actor)? = #isolation)
        -> ProgressSequence
    {
        requestWithProgress(target, resumingFrom: nil, isolation: isolation)
    }
}
