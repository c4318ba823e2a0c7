import Foundation

/// A response body arriving chunk by chunk: an `AsyncSequence` of `Data` with a bounded buffer.
///
/// A transport makes one with ``makeStream(bufferLimit:)`` and feeds the ``Writer``; the reader
/// iterates it once.
///
/// - **Back-pressure.** The buffer holds at most about `bufferLimit` bytes. When a chunk fills it,
///   ``Writer/yield(_:)`` returns `false`: the transport should stop reading from the network
///   until the ``Writer/onDemand(_:)`` action runs, which happens once the reader has taken the
///   buffer down to half the limit. A transport that cannot pause must bound what it buffers
///   itself (and fail the stream rather than grow without end).
/// - **Leaving early.** The body is read once. When its iterator is dropped before the end (a
///   `break` out of the loop), when the reading task is cancelled, or when the stream and its
///   iterators are all dropped unread, the ``Writer/onTermination(_:)`` action runs once, so the
///   transport can stop the transfer and close the connection.
public struct ResponseBodyStream: AsyncSequence, Sendable {
    /// The chunks: `Data`, never empty.
    public typealias Element = Data

    /// The buffer limit of ``makeStream(bufferLimit:)``: 1 MiB by default.
    public static let defaultBufferLimit = 1 << 20

    private let storage: BodyStreamStorage
    private let reader: ReaderLifetime

    private init(storage: BodyStreamStorage) {
        self.storage = storage
        self.reader = ReaderLifetime(storage)
    }

    /// Creates a body stream and the writer that feeds it.
    /// - Parameter bufferLimit: How many bytes may wait for the reader before ``Writer/yield(_:)``
    ///   asks the writer to pause. ``defaultBufferLimit`` by default.
    public static func makeStream(bufferLimit: Int = defaultBufferLimit) -> (ResponseBodyStream, Writer) {
        let storage = BodyStreamStorage(bufferLimit: Swift.max(bufferLimit, 1))
        return (ResponseBodyStream(storage: storage), Writer(storage: storage))
    }

    /// Stops reading: the writer's termination action runs and later reads throw `CancellationError`.
    public func cancel() {
        storage.terminate()
    }

    /// Creates the iterator. The body is read once: dropping the iterator before the end stops the
    /// transfer, and a second iterator made after that throws `CancellationError`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(storage: storage, reader: reader)
    }

    /// Reads the chunks of a ``ResponseBodyStream``.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        private let storage: BodyStreamStorage
        private let reader: ReaderLifetime
        private let lifetime: ReaderLifetime

        fileprivate init(storage: BodyStreamStorage, reader: ReaderLifetime) {
            self.storage = storage
            self.reader = reader
            self.lifetime = ReaderLifetime(storage)
        }

        /// The next chunk, or `nil` at the end of the body.
        /// - Throws: The transport's error, once; `CancellationError` when the reading task was
        ///   cancelled or the stream was stopped; ``StreamError/alreadyRead`` when another task is
        ///   waiting for a chunk of the same body (one reader at a time; the waiting one goes on).
        public mutating func next() async throws -> Data? {
            try await storage.next()
        }
    }

    /// The transport's end of a ``ResponseBodyStream``.
    public struct Writer: Sendable {
        private let storage: BodyStreamStorage

        fileprivate init(storage: BodyStreamStorage) {
            self.storage = storage
        }

        /// Hands `chunk` to the reader. Empty chunks are ignored.
        /// - Returns: `true` to keep writing; `false` when the buffer is full (pause until the
        ///   ``onDemand(_:)`` action runs) or the reader has left (stop the transfer).
        @discardableResult
        public func yield(_ chunk: Data) -> Bool {
            storage.yield(chunk)
        }

        /// Ends the body: the reader gets the buffered chunks, then `nil`, or `error` if given.
        /// Later calls do nothing.
        public func finish(throwing error: (any Error)? = nil) {
            storage.finish(error)
        }

        /// Sets the action run each time the reader has drained a full buffer to half its limit,
        /// after ``yield(_:)`` returned `false`. It may run on any thread; keep it short.
        public func onDemand(_ action: @escaping @Sendable () -> Void) {
            storage.setOnDemand(action)
        }

        /// Sets the action run once when the reader leaves before the end (see the type's
        /// comment); it runs at once if the reader has already left. It may run inside a task's
        /// cancellation handler: never block or wait in it.
        public func onTermination(_ action: @escaping @Sendable () -> Void) {
            storage.setOnTermination(action)
        }

        /// Whether the reader has left; writing more is pointless.
        public var isTerminated: Bool { storage.isTerminated }
    }
}

/// Stops the stream when the last reader-side reference to it goes away.
private final class ReaderLifetime: Sendable {
    let storage: BodyStreamStorage

    init(_ storage: BodyStreamStorage) {
        self.storage = storage
    }

    deinit {
        storage.terminate()
    }
}
