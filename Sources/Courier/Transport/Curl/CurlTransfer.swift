#if os(Linux)
    internal import CCourierCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// One request in flight on a ``CurlEventLoop``: its plan, what has arrived, where the body
    /// goes, and whom to tell when it ends. Redirects are followed here, one hop at a time, on the
    /// same easy handle.
    final class CurlTransfer: @unchecked Sendable {
        // @unchecked Sendable: a transfer is made on the caller's thread and handed to the event loop
        // through the loop's locked inbox; from then on every stored property except `control` is
        // read and written on the loop's thread only (loop commands and libcurl callbacks, which run
        // inside curl_multi_perform on that thread). `control` is guarded by its own lock.

        /// Where the response body goes.
        enum Sink {
            /// Kept in memory and returned whole.
            case memory
            /// Written to a temporary file (a download).
            case file
            /// Handed chunk by chunk to a reader, with back-pressure.
            case stream(ResponseBodyStream.Writer)
        }

        /// What a finished transfer hands back. The `HTTPURLResponse` is made by the caller, off
        /// the event loop's thread (Foundation's initialiser is among the costliest steps of a request).
        ///
        /// A value, not an object, though an object would take about 190 bytes out of the `async`
        /// frames that wait for it: the loop would write the object's fields and the caller read them
        /// ordered only by the continuation's resume, inside the concurrency runtime, which
        /// ThreadSanitizer does not see (it reported the first read as a race in CI). A value is copied
        /// into the waiting task by the runtime itself.
        struct Outcome: Sendable {
            let head: CurlResponseHead
            let body: Data
            /// The downloaded body, for a file sink; the caller moves or removes it.
            let file: URL?
            /// What libcurl measured, hop by hop; `nil` for a stream.
            let measurements: CurlMeasurements?
        }

        let request: TransportRequest
        let sink: Sink
        /// Where progress reports go, off the loop's thread; `nil` when nobody listens.
        let progress: CurlProgressRelay?
        /// How a stream's body reaches its reader; `nil` for other sinks.
        let delivery: CurlStreamDelivery?
        /// How the transport sets up every transfer.
        let settings: CurlSettings
        private let control = LockedValue(false)

        // MARK: Loop-thread state (the extensions in CurlTransfer+*.swift use it too)

        var plan: CurlRequestPlan
        var easy: CurlEasyHandle?
        var head = CurlResponseHead()
        /// The final head has arrived (not a redirect's, not a 1xx).
        var hasHead = false
        var expectedLength: Int64?
        /// The redirect the head chose, and whether it sends the body again.
        var next: (request: URLRequest, keepsBody: Bool)?
        var redirects = 0
        /// What libcurl measured of each redirect's hop (see `CurlTransfer+Metrics.swift`).
        var redirectHops: [CurlMeasurements.Hop] = []
        /// When the transfer was first configured on a handle (nanoseconds, monotonic); 0 before.
        var startedAt: UInt64 = 0
        var body = CurlMemoryBody()
        /// Decodes a body kept in memory or in a file (see ``CurlBodyDecoding``); `nil` when it is not
        /// encoded, and for streams (``CurlStreamDelivery`` decodes those).
        var bodyDecoding: CurlBodyDecoding?
        /// Body bytes received (decoded), for the limit and progress.
        var received: Int64 = 0
        /// Header bytes of this hop so far, for ``headLimit``.
        var headBytes = 0
        /// Body bytes of this hop read only to be thrown away (a redirect's).
        var discarded: Int64 = 0
        /// The redirect's body was cut off at ``discardLimit``; the redirect is followed anyway.
        var cutRedirectBody = false
        var download: CurlDownloadFile?
        /// How a download's body is written, for one the pipeline can resume (see ``DownloadBodyPlan``).
        var bodyPlan: DownloadBodyPlan?
        /// Set by a callback that stopped the transfer on purpose (a limit, a disk error).
        var failure: (any Error)?
        private(set) var lastActivity: UInt64 = 0
        private let idleTimeout: UInt64?
        /// When the whole transfer must have ended (nanoseconds, monotonic), from the request's
        /// `timeoutIntervalForResource`; the pipeline enforces it too, for every transport.
        private let resourceDeadline: UInt64?
        private var isFinished = false
        /// The caller has its answer while the transfer is still on libcurl (parked): every
        /// callback refuses, so it ends before it sends anything.
        var isAbandoned = false
        /// The loop's sockets, while the transfer is on libcurl.
        var connections: CurlConnections?
        /// The reused connection had bytes nobody asked for: the transfer stopped before sending,
        /// to start again on a new connection.
        var needsFreshConnection = false
        /// The transfer runs on a connection of its own (after ``needsFreshConnection``).
        var usesFreshConnection = false
        private var wholeDelivery: CheckedContinuation<Outcome, any Error>?
        var headDelivery: CheckedContinuation<CurlResponseHead, any Error>?

        /// - Throws: ``UnsafeHeaderError``, ``TransferError`` for an unreadable body file,
        ///   `URLError(.unsupportedURL)` for a URL that is not HTTP(S), and
        ///   `URLError(.requestBodyStreamExhausted)` for a body given as `httpBodyStream`.
        init(_ request: TransportRequest, sink: Sink, settings: CurlSettings) throws {
            self.request = request
            self.sink = sink
            self.settings = settings
            progress = request.progress.map(CurlProgressRelay.init)
            delivery = if case .stream(let writer) = sink { CurlStreamDelivery(writer) } else { nil }
            plan = try CurlRequestPlan(
                request.urlRequest, body: request.body, sessionLines: settings.headerLines)
            let timeout = request.urlRequest.timeoutInterval
            idleTimeout = timeout > 0 && timeout < 1e9 ? UInt64(timeout * 1e9) : nil
            resourceDeadline = request.timeoutIntervalForResource.flatMap { limit in
                limit > 0 && limit < 1e9 ? CurlClock.now() &+ UInt64(limit * 1e9) : nil
            }
        }

        // MARK: - Caller side

        /// Where a whole response goes; set before the transfer is handed to the loop.
        func deliver(to continuation: CheckedContinuation<Outcome, any Error>) {
            wholeDelivery = continuation
        }

        /// Where a streamed response's head goes; set before the transfer is handed to the loop.
        func deliverHead(to continuation: CheckedContinuation<CurlResponseHead, any Error>) {
            headDelivery = continuation
        }

        /// Marks the transfer cancelled; the loop ends it (at once if it has not started).
        func markCancelled() {
            control.withLock { $0 = true }
        }

        var isCancelled: Bool { control.withLock { $0 } }

        /// Takes and releases the transfer's lock: the loop does it after making the outcome and
        /// before resuming the caller, and the caller once it has resumed. The resume orders the
        /// two already, but when it comes before the caller has suspended, that order is kept by
        /// atomics ThreadSanitizer cannot see (swiftlang/swift#57803), and it reported the caller's
        /// first read of the measurements (an object the loop made) as a race. The lock makes the
        /// order one it sees, for two uncontended locks a transfer, as ``TaskRun`` does.
        func passOutcome() {
            control.withLock { _ in }
        }

        // MARK: - Loop side (the easy handle's options, libcurl's callbacks, redirects and
        // connections: CurlTransfer+Options, +Head, +Body and +Connection)

        /// When the idle timeout runs out (nanoseconds, monotonic), or `nil` while there is none
        /// or the transfer is paused for its reader.
        var idleDeadline: UInt64? {
            guard let idleTimeout, !isPaused else { return nil }
            return lastActivity &+ idleTimeout
        }

        /// The error for a transfer whose ``deadline`` has passed at `now`: the resource limit's,
        /// which names it, or the idle timeout's.
        func timeoutError(at now: UInt64) -> URLError {
            guard let resourceDeadline, resourceDeadline <= now, let limit = request.timeoutIntervalForResource else {
                return URLError(.timedOut)
            }
            return ResourceDeadline.timedOut(after: limit)
        }

        /// When the transfer times out: the earlier of the idle deadline and the resource deadline.
        var deadline: UInt64? {
            switch (idleDeadline, resourceDeadline) {
            case (let idle?, let resource?): Swift.min(idle, resource)
            case (let idle, let resource): idle ?? resource
            }
        }

        /// Something moved: restarts the idle timeout. Runs for every header line and body chunk, so
        /// it reads the coarse clock (see ``CurlClock/coarseNow()``).
        func touch() {
            lastActivity = CurlClock.coarseNow()
        }

        /// What the transfer ended with, once libcurl reports `code` for it.
        func outcome(_ code: Int32) -> Result<Outcome, any Error> {
            if let failure { return .failure(failure) }
            guard code == COURIER_CURLE_OK else {
                return .failure(
                    CurlFailure.error(
                        code, message: easy?.errorMessage ?? "", host: plan.url.host ?? "",
                        osError: easy?.long(COURIER_CURLINFO_OS_ERRNO) ?? 0))
            }
            guard hasHead else { return .failure(URLError(.badServerResponse)) }
            if delivery?.isComplete == false || bodyDecoding?.isComplete == false {
                return .failure(CurlBodyDecoding.cutShort)
            }
            if let bodyPlan, let shortfall = bodyPlan.shortfall(fileBytes: bodyPlan.offset + received) {
                return .failure(shortfall)
            }
            do {
                let file = try download?.handOver()
                return .success(
                    Outcome(head: head, body: body.take(count: Int(received)), file: file, measurements: measurements())
                )
            } catch {
                return .failure(error)
            }
        }

        /// Tells the caller how the transfer ended, once; later calls do nothing.
        func complete(_ outcome: Result<Outcome, any Error>) {
            guard !isFinished else { return }
            isFinished = true
            let result = outcome.mapError { keepingPartialDownload(after: namingURL($0)) }
            easy = nil
            download = nil  // removes the file unless it was handed over
            body.release()
            let whole = wholeDelivery
            let head = headDelivery
            wholeDelivery = nil
            headDelivery = nil
            let writer: ResponseBodyStream.Writer? = if case .stream(let writer) = sink { writer } else { nil }
            let tell: @Sendable () -> Void = {
                whole?.resume(with: result)
                head?.resume(with: result.map(\.head))
                switch result {
                case .success: writer?.finish()
                case .failure(let error): writer?.finish(throwing: error)
                }
            }
            passOutcome()
            // Progress reports the listener has not had yet come first.
            if let progress { progress.afterDelivering(tell) } else { tell() }
        }

        /// `error`, carrying the resume point of a download that failed part-way and can be resumed,
        /// whose file is then kept: a transfer's `URLError` (a lost connection, a timeout, a
        /// cancellation), not a failure of the transfer's own (``failure``: a disk error, a refused
        /// range).
        private func keepingPartialDownload(after error: any Error) -> any Error {
            guard failure == nil, let urlError = error as? URLError, let download, let bodyPlan,
                let point = bodyPlan.resumePoint(file: download.url, bytes: bodyPlan.offset + received),
                (try? download.handOver()) != nil  // a failed close may have lost bytes: the file goes
            else { return error }
            return urlError.carrying(point)
        }

        /// `error` with the request's URL as its failing URL when it is a `URLError` without one, as
        /// URLSession reports them (error descriptions show it, with secrets redacted).
        private func namingURL(_ error: any Error) -> any Error {
            guard let urlError = error as? URLError, urlError.failingURL == nil else { return error }
            var info = urlError.userInfo
            info[NSURLErrorFailingURLErrorKey] = plan.url
            return URLError(urlError.code, userInfo: info)
        }

    }
#endif
