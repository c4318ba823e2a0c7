#if os(Linux)
    internal import CCourierCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A transport on libcurl's multi interface, driven by one thread of its own: the default on
    /// Linux, several times faster there than ``URLSessionTransport``.
    ///
    /// libcurl is loaded at run time from `libcurl.so.4`, the library FoundationNetworking links, so
    /// nothing needs installing. When it cannot be loaded, ``init(configuration:)`` throws and
    /// ``DefaultTransport/shared`` falls back to ``URLSessionTransport`` (``unavailableReason`` says
    /// why).
    ///
    /// What it does, as ``URLSessionTransport`` does: bodies from memory (under 64 KiB written
    /// with the head, in one segment) or streamed from a file
    /// (multipart bodies included; a body set as `URLRequest.httpBodyStream` is refused with
    /// `URLError(.requestBodyStreamExhausted)` rather than dropped); downloads written to a temporary file as they arrive and moved
    /// to their destination, and resumed by a provider (``DownloadResumePoint``); upload and download progress; cancellation at any moment, leaving no
    /// file behind; `URLRequest.timeoutInterval` as an idle timeout (`URLError(.timedOut)`);
    /// redirects (see ``Configuration/maximumRedirects``) without credentials across origins;
    /// ``TransportRequest/maximumResponseSize`` (an announced length is refused at once, a body is
    /// stopped as soon as it passes the limit, decoded bytes counted); a `401` returned as it is;
    /// gzip, deflate, brotli and zstd decoded (as far as their libraries load; a body that ends
    /// inside its compressed data fails with `URLError(.cannotDecodeContentData)`); cookies kept
    /// in memory; proxies from the environment.
    ///
    /// What it adds: ``stream(_:)`` with real back-pressure (the transfer pauses while the reader
    /// is behind, so the server is held back, and stops when the reader leaves); public-key
    /// pinning and a custom trust store (``Configuration/serverTrust``, the same
    /// ``ServerTrustPolicy`` ``URLSessionTransport`` applies on Apple platforms); HTTP/2 over TLS.
    /// TLS failures are ``TLSError``s that say what was wrong.
    ///
    /// What it holds to on every libcurl from 7.68 (the Transports and Streams article says how, by
    /// version): framing headers that contradict the request are refused before sending; a request
    /// with its own `Host` leaves no cookie host behind, and no redirect carries that `Host`; a
    /// redirect's body is read up to 64 KiB; response heads up to 256 KiB; a connection holding
    /// bytes nobody asked for is not reused (from libcurl 7.80); a cancel or timeout during a name
    /// lookup answers at once and stalls no other transfer; a peer's reset never raises SIGPIPE;
    /// a progress listener never holds up another transfer; a process made by `fork()` gets an
    /// event loop of its own.
    ///
    /// Connections, TLS sessions and libcurl's handles are reused across requests: keep one
    /// transport (``shared``, or one per configuration) rather than one per request.
    public final class CurlTransport: HTTPTransport, DirectTransport, DownloadResumingTransport {
        /// The configuration requests are sent with.
        public let configuration: Configuration
        /// The configuration's ``Configuration/additionalHeaders``, added to every request.
        public var sessionHeaders: [String: String] { configuration.additionalHeaders }

        let settings: CurlSettings
        /// The event loop, one per process (see ``CurlProcessLoop`` for `fork()`).
        private let loops: CurlProcessLoop

        /// Why libcurl cannot be used in this process, or `nil` when it can. When it is set,
        /// ``DefaultTransport/shared`` is a ``URLSessionTransport``.
        public static var unavailableReason: String? { CurlLibrary.loadFailure }

        /// libcurl's version, e.g. `7.88.1`; empty when it is unavailable.
        public static var libraryVersion: String { CurlLibrary.version }

        /// Whether this libcurl can speak HTTP/2.
        public static var supportsHTTP2: Bool { CurlLibrary.has(COURIER_CURL_VERSION_HTTP2) }

        /// The transport providers share when none is given, or `nil` when libcurl is unavailable.
        public static let shared: CurlTransport? = try? CurlTransport()

        /// Creates a transport with its own connections and thread (started with the first request).
        /// - Parameter configuration: How requests are sent. ``Configuration/default`` by default.
        /// - Throws: ``CurlUnavailableError`` when libcurl cannot be loaded.
        public convenience init(configuration: Configuration = .default) throws {
            try self.init(configuration: configuration, resolverRelease: .available)
        }

        /// Creates a transport whose transfers leave libcurl mid-resolution as `resolverRelease`
        /// says (for tests of each way on one libcurl).
        package init(configuration: Configuration, resolverRelease: CurlResolverRelease) throws {
            if let reason = CurlLibrary.loadFailure { throw CurlUnavailableError(reason: reason) }
            self.configuration = configuration
            settings = CurlSettings(configuration, resolverRelease: resolverRelease)
            loops = try CurlProcessLoop(settings: settings)
        }

        /// Sends the request; the body comes back in memory, or in a file at the destination for
        /// downloads.
        /// - Throws: ``UnsafeHeaderError`` or ``InvalidRequestError`` for a request that would not
        ///   reach the server as it says (nothing is sent); ``TransferError`` for a body file that is
        ///   missing or not a regular file; the transfer's `URLError` or ``TLSError``;
        ///   ``ResponseTooLargeError`` past `maximumResponseSize`.
        public func send(_ request: TransportRequest) async throws -> TransportResponse {
            let answer = try await exchange(request)
            guard let response = answer.http.response else { throw URLError(.badServerResponse) }
            return TransportResponse(
                response: response, data: answer.data, fileURL: answer.fileURL, measured: answer.measured)
        }

        /// Sends the request as ``send(_:)`` does, for the pipeline: the resource limit is enforced
        /// by the event loop, and the `HTTPURLResponse` of a body kept in memory is made when first
        /// read (see ``DirectTransport``).
        func exchange(_ request: TransportRequest) async throws -> DirectAnswer {
            let transfer = try transfer(for: request)
            let outcome = try await run(transfer, on: try loops.current()) { transfer.deliver(to: $0) }
            return try Self.answer(outcome, destination: request.destination)
        }

        /// The transfer of a request whose body is kept in memory or downloaded (out of
        /// ``exchange(_:)`` for the same reason as ``answer(_:destination:)``).
        @inline(never)
        private func transfer(for request: TransportRequest) throws -> CurlTransfer {
            try CurlTransfer(request, sink: request.destination == nil ? .memory : .file, settings: settings)
        }

        /// The answer made of what a transfer ended with. Kept out of ``exchange(_:)``, an async
        /// function whose every value lives in the task's memory: there, this work made its frame
        /// 2.5 KiB, which a new task allocated afresh for each request.
        @inline(never)
        private static func answer(_ outcome: CurlTransfer.Outcome, destination: DownloadDestination?) throws
            -> DirectAnswer
        {
            let head = outcome.head
            let measured = outcome.measurements.map(MeasuredTransfer.curl) ?? .none
            guard head.isUsable else {
                if let file = outcome.file { try? FileManager.default.removeItem(at: file) }  // unusable without a head
                throw URLError(.badServerResponse)
            }
            if let destination, let file = outcome.file {
                let response: HTTPURLResponse
                do {
                    response = try head.response()
                } catch {
                    try? FileManager.default.removeItem(at: file)
                    throw error
                }
                let fileURL = try DownloadMover.move(file, for: response, to: destination)
                return DirectAnswer(
                    statusCode: head.statusCode, http: .made(response), data: Data(), fileURL: fileURL,
                    measured: measured)
            }
            return DirectAnswer(
                statusCode: head.statusCode,
                http: .deferred(
                    DeferredHTTPResponse(
                        fields: { head.caseFoldedFields }, url: { head.isUsable ? head.url : nil },
                        make: { head.makeResponse() })),
                data: outcome.body, fileURL: nil, measured: measured)
        }

        /// Sends the request and returns once the response head has arrived; the body follows
        /// through ``TransportStream/body`` as it arrives.
        ///
        /// While the reader is behind (the stream's buffer is full), the transfer is paused: libcurl
        /// stops reading from the socket, so the server is held back by TCP and memory stays within
        /// the buffer. For that, a stream travels over HTTP/1.1 on a connection no other transfer
        /// reads, and its content encodings are decoded as the reader takes the body. When the
        /// reader leaves, the transfer stops and its connection is closed.
        public func stream(_ request: TransportRequest) async throws -> TransportStream {
            let (body, writer) = ResponseBodyStream.makeStream()
            let transfer = try CurlTransfer(request, sink: .stream(writer), settings: settings)
            let loop = try loops.current()
            writer.onDemand { loop.submit(.resume(transfer)) }
            writer.onTermination { Self.cancel(transfer, on: loop) }
            let head = try await run(transfer, on: loop) { transfer.deliverHead(to: $0) }
            do {
                return TransportStream(response: try head.response(), body: body)
            } catch {
                body.cancel()
                throw error
            }
        }

        /// The transport's event loop as a task executor: code of a task that prefers it runs on the
        /// loop's thread, between libcurl's rounds.
        ///
        /// A request sent from such a task is answered without a thread hop: the loop starts it
        /// where the task runs, and the task goes on where the loop reads its answer. Otherwise each
        /// request costs two hand-offs between threads (caller to loop, loop back to the
        /// cooperative pool): about half of Courier's cost over libcurl's for small requests sent
        /// one at a time.
        /// Run request-heavy server code there, a whole task at a time:
        ///
        /// ```swift
        /// let transport = try CurlTransport()
        /// let provider = Provider<API>(transport: transport)
        /// let users = try await Task(executorPreference: transport.taskExecutor) {
        ///     try await provider.request(.users, as: [User].self)
        /// }.value
        /// ```
        ///
        /// or `withTaskExecutorPreference(transport.taskExecutor) { … }` around a part of a task.
        /// Actor-isolated code (the main actor's, say) still runs on its actor; nonisolated code
        /// runs on the loop.
        ///
        /// While code runs there, no transfer of this transport moves: keep it short, never block
        /// it (no semaphores, no synchronous waits for other requests, no long computations such
        /// as decoding large bodies; hand those to other tasks). Progress listeners are not
        /// affected: they always run off the loop's thread. An executor taken before a `fork()`
        /// hands its jobs, in the child, to the global concurrent executor (the child has no loop
        /// thread of the parent's); ask the transport again there for the child's own.
        public var taskExecutor: any TaskExecutor {
            (try? loops.current()) ?? globalConcurrentExecutor
        }

        /// How many transfers are under way on libcurl (as of the event loop's last round), for tests
        /// that check a transfer really stopped.
        package var activeTransferCount: Int { (try? loops.current())?.activeCount ?? 0 }

        /// How many easy handles the event loop keeps for reuse, and how many it has made (as of
        /// its last round), for tests of its pool.
        package var easyHandleCounts: (pooled: Int, made: Int) { (try? loops.current())?.handleCounts ?? (0, 0) }

        /// Hands `transfer` to `loop` and waits for what `deliver` arranges to receive; cancelling
        /// the calling task cancels the transfer. The transfer resumes the continuation exactly
        /// once, in `complete`, which runs once, or, for a stream's head, as the head arrives,
        /// clearing it. It is a checked one, not an unsafe one, though that would save an allocation
        /// a request: an unsafe continuation is resumed by code inlined here, and ThreadSanitizer
        /// then reports the task's next use of the same task memory as a race with the loop's
        /// resume, which it cannot see ordered by the runtime (swiftlang/swift#57803; seen once in
        /// CI's sanitizer step).
        private func run<Value: Sendable>(
            _ transfer: CurlTransfer, on loop: CurlEventLoop, deliver: (CheckedContinuation<Value, any Error>) -> Void
        ) async throws -> Value {
            let value: Value = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    deliver(continuation)
                    loop.submit(.start(transfer))
                }
            } onCancel: {
                Self.cancel(transfer, on: loop)
            }
            transfer.passOutcome()  // see there: what the loop made, ordered for ThreadSanitizer
            return value
        }

        /// Stops `transfer` from any thread, at any moment; it never blocks.
        private static func cancel(_ transfer: CurlTransfer, on loop: CurlEventLoop) {
            transfer.markCancelled()
            loop.submit(.cancel(transfer))
        }
    }

    /// libcurl could not be loaded, so a ``CurlTransport`` cannot be made.
    public struct CurlUnavailableError: Error, LocalizedError, Sendable, Hashable {
        /// Why, in the loader's words.
        public let reason: String

        /// Says why.
        public var errorDescription: String? {
            "The libcurl transport is unavailable: \(reason)."
        }
    }
#endif
