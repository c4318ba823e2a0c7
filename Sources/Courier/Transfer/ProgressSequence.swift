/// A request and its progress, for async callers: an `AsyncSequence` of ``ProgressResponse``
/// events and the final ``response``. Get one from `Provider.requestWithProgress(_:)`.
///
/// ```swift
/// let upload = provider.requestWithProgress(.upload(videoURL))
/// for try await event in upload {
///     bar.fraction = event.progress            // 0…1; rises, 1.0 exactly once, in the last event
/// }
/// let response = try await upload.response    // the same response as the last event's
/// ```
///
/// - The request starts when the sequence is first iterated, or when ``response`` is first
///   awaited, and runs once however many times either is used.
/// - Iteration ends after the final event, which carries the response (`completed` is true). On
///   failure it throws the ``CourierError`` instead; there is then no final event.
/// - Events only rise. A reader that is slower than the transfer skips intermediate events but
///   always gets the final one; memory stays constant however slow the reader is.
/// - Cancelling a task that iterates or awaits ``response``, or calling ``cancel()``, cancels the
///   request, which then fails with ``CourierError/cancelled``. Leaving the loop early does not:
///   the request runs on, and ``response`` still gives its outcome.
/// - While the body's length is unknown, events have a `nil` total and a `progress` of 0; show
///   their `completedUnitCount` instead.
/// - The loop works the same from iOS 16 and macOS 13 on and throws ``CourierError``: before the
///   Swift 6.0 runtime (iOS 18, macOS 15) `for try await` calls the iterator's own `next()`, from it
///   `next(isolation:)`; both are implemented here (see <doc:Platforms>).
public struct ProgressSequence: AsyncSequence, Cancellable {
    /// The events: ``ProgressResponse``.
    public typealias Element = ProgressResponse
    /// Iteration throws ``CourierError``.
    public typealias Failure = CourierError

    private let channel: ProgressChannel

    init(direction: TransferProgress.Direction, isolation: (any Actor)?, operation: ProgressChannel.Operation) {
        channel = ProgressChannel(direction: direction, isolation: isolation, operation: operation)
    }

    /// The response, once the request has finished; starts the request if nothing has.
    /// - Throws: The request's ``CourierError``.
    public var response: Response {
        get async throws(CourierError) {
            try await channel.outcome().get()
        }
    }

    /// Whether ``cancel()`` was called or a waiting task was cancelled.
    public var isCancelled: Bool { channel.isCancelled }

    /// Cancels the request; it fails with ``CourierError/cancelled`` unless it had already
    /// finished. A request that had not started is started and cancelled at once, so that
    /// plugins see it fail. Calling it again does nothing.
    public func cancel() {
        channel.cancel()
    }

    /// Creates an iterator over the events; each iterator starts from the latest event.
    public func makeAsyncIterator() -> Iterator {
        Iterator(channel: channel)
    }

    /// Iterates the events of a ``ProgressSequence``.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        /// Iteration throws ``CourierError``.
        public typealias Failure = CourierError

        private let channel: ProgressChannel
        private var generation = 0
        private var isDone = false

        init(channel: ProgressChannel) {
            self.channel = channel
        }

        /// The next event, `nil` after the final one.
        /// - Throws: The request's ``CourierError``, once.
        public mutating func next() async throws(CourierError) -> ProgressResponse? {
            guard !isDone else { return nil }
            switch await channel.next(after: generation) {
            case .event(let event, let generation):
                self.generation = generation
                return event
            case .finished(let outcome):
                isDone = true
                if case .failure(let error) = outcome { throw error }
                return nil
            }
        }

        /// The next event, `nil` after the final one; the same as ``next()``, which is what
        /// `for try await` calls before the Swift 6.0 runtime.
        /// - Throws: The request's ``CourierError``, once.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(CourierError)
            -> ProgressResponse?
        {
            try await next()
        }
    }
}
