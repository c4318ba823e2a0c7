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
        struct Outcome: Sendable {
            let head: CurlResponseHead
            let body: Data
            /// The downloaded body, for a file sink; the caller moves or removes it.
            let file: URL?
        }

        let request: TransportRequest
        let sink: Sink
        /// Where progress reports go, off the loop's thread; `nil` when nobody listens.
        private let progress: CurlProgressRelay?
        /// How a stream's body reaches its reader; `nil` for other sinks.
        private let delivery: CurlStreamDelivery?
        /// How the transport sets up every transfer.
        let settings: CurlSettings
        private let control = LockedValue(false)

        // MARK: Loop-thread state

        private(set) var plan: CurlRequestPlan
        var easy: CurlEasyHandle?
        private var head = CurlResponseHead()
        /// The final head has arrived (not a redirect's, not a 1xx).
        private var hasHead = false
        private var expectedLength: Int64?
        private var next: (request: URLRequest, keepsBody: Bool)?
        private var redirects = 0
        private var body = Data()
        /// The body's buffer when it comes from ``CurlBodyBuffers`` (a large body of announced length).
        private var pooled: (pointer: UnsafeMutableRawPointer, capacity: Int)?
        private var received: Int64 = 0
        /// Header bytes of this hop so far, for ``headLimit``.
        private var headBytes = 0
        /// Body bytes of this hop read only to be thrown away (a redirect's).
        private var discarded: Int64 = 0
        /// The redirect's body was cut off at ``discardLimit``; the redirect is followed anyway.
        private(set) var cutRedirectBody = false
        private var download: CurlDownloadFile?
        /// Set by a callback that stopped the transfer on purpose (a limit, a disk error).
        private var failure: (any Error)?
        private var lastActivity: UInt64 = 0
        private let idleTimeout: UInt64?
        /// When the whole transfer must have ended (nanoseconds, monotonic), from the request's
        /// `timeoutIntervalForResource`; the pipeline enforces it too, for every transport.
        private let resourceDeadline: UInt64?
        private var isFinished = false
        /// The caller has its answer while the transfer is still on libcurl (parked): every
        /// callback refuses, so it ends before it sends anything.
        private(set) var isAbandoned = false
        /// The loop's sockets, while the transfer is on libcurl.
        var connections: CurlConnections?
        /// The reused connection had bytes nobody asked for: the transfer stopped before sending,
        /// to start again on a new connection.
        private(set) var needsFreshConnection = false
        /// The transfer runs on a connection of its own (after ``needsFreshConnection``).
        private(set) var usesFreshConnection = false
        private var wholeDelivery: CheckedContinuation<Outcome, any Error>?
        private var headDelivery: CheckedContinuation<CurlResponseHead, any Error>?

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
                request.urlRequest, body: request.body, sessionHeaders: settings.configuration.additionalHeaders)
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

        // MARK: - Loop side (the easy handle's options: CurlTransfer+Options.swift)

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

        /// Something moved: restarts the idle timeout.
        func touch() {
            lastActivity = CurlClock.now()
        }

        /// Whether the head that arrived chose a redirect to follow.
        var hasRedirect: Bool { next != nil }

        /// Gets ready to send the redirect chosen when the head arrived (call it once the easy
        /// handle has left the multi handle and been reset: the current plan's header list goes).
        /// - Throws: What building the next request throws.
        func prepareRedirect() throws {
            guard let (nextRequest, keepsBody) = next else { return }
            next = nil
            redirects += 1
            discarded = 0
            headBytes = 0
            cutRedirectBody = false
            plan = try CurlRequestPlan(
                nextRequest, body: keepsBody ? request.body : .inRequest,
                sessionHeaders: settings.configuration.additionalHeaders)
            head = CurlResponseHead()
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
            if delivery?.isComplete == false {
                return .failure(
                    URLError(
                        .cannotDecodeContentData,
                        userInfo: [NSLocalizedDescriptionKey: "The body ended before its content encoding did."]))
            }
            if let (pointer, capacity) = pooled {
                pooled = nil
                body = CurlBodyBuffers.shared.data(pointer, count: Int(received), capacity: capacity)
            }
            do {
                let file = try download?.handOver()
                return .success(Outcome(head: head, body: body, file: file))
            } catch {
                return .failure(error)
            }
        }

        /// Marks the transfer abandoned: it stays on libcurl after its caller was answered, and
        /// refuses to go on from there (see `CurlEventLoop.finish`).
        func abandon() {
            isAbandoned = true
        }

        /// libcurl made `socket` for the transfer, about to connect; `false` refuses it (the
        /// transfer then ends without connecting).
        func acceptSocket(_ socket: Int32) -> Bool {
            guard !isAbandoned else { return false }
            connections?.opened(socket)
            return true
        }

        /// libcurl is about to send the request on the connection from `localPort`; `false` stops
        /// the transfer first. A reused HTTP/1 connection holding bytes nobody asked for would hand
        /// them over as this request's answer: the transfer stops and is started again on a new
        /// connection (the request has not been sent, so any method may go again).
        func prepareToSend(localPort: Int) -> Bool {
            guard !isAbandoned else { return false }
            guard !usesFreshConnection, let easy, let connections,
                easy.long(COURIER_CURLINFO_NUM_CONNECTS) == 0,
                connections.hasUnreadBytes(onLocalPort: localPort)
            else { return true }
            needsFreshConnection = true
            return false
        }

        /// Gets ready to start again on a new connection after ``needsFreshConnection`` (call it
        /// once the easy handle has left the multi handle and been reset).
        func prepareFreshConnection() {
            needsFreshConnection = false
            usesFreshConnection = true
            _ = plan.body?.seek(to: 0)
            head = CurlResponseHead()
            headBytes = 0
        }

        /// Tells the caller how the transfer ended, once; later calls do nothing.
        func complete(_ outcome: Result<Outcome, any Error>) {
            guard !isFinished else { return }
            isFinished = true
            let result = outcome.mapError(namingURL)
            easy = nil
            download = nil  // removes the file unless it was handed over
            body = Data()
            if let (pointer, capacity) = pooled {
                pooled = nil
                CurlBodyBuffers.shared.giveBack(pointer, capacity: capacity)
            }
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
            // Progress reports the listener has not had yet come first.
            if let progress { progress.afterDelivering(tell) } else { tell() }
        }

        /// `error` with the request's URL as its failing URL when it is a `URLError` without one, as
        /// URLSession reports them (error descriptions show it, with secrets redacted).
        private func namingURL(_ error: any Error) -> any Error {
            guard let urlError = error as? URLError, urlError.failingURL == nil else { return error }
            var info = urlError.userInfo
            info[NSURLErrorFailingURLErrorKey] = plan.url
            return URLError(urlError.code, userInfo: info)
        }

        // MARK: - Callbacks (run inside curl_multi_perform)

        /// The most header bytes one response may send (its status lines, fields, informational
        /// heads and trailers together): 256 KiB, on every libcurl. Upstream libcurl before 8.3
        /// has no such limit but 100 KiB per line (CVE-2023-38039); 8.3 and later, and distribution
        /// builds with the fix backported (Debian 12's 7.88.1-10+deb12u…), stop at 300 KiB with a
        /// receive error. Courier's limit comes first, with an error that says what happened.
        static let headLimit = 256 << 10

        /// A header line arrived; `false` stops the transfer.
        func receiveHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
            guard !isAbandoned else { return false }
            touch()
            headBytes += line.count
            guard headBytes <= Self.headLimit else {
                failure = URLError(
                    .badServerResponse,
                    userInfo: [
                        NSLocalizedDescriptionKey:
                            "The response's header lines passed \(Self.headLimit) bytes; the transfer was stopped."
                    ])
                return false
            }
            guard case .complete = head.consume(line) else { return true }
            if let easy { connections?.answered(head.httpVersion, onLocalPort: easy.long(COURIER_CURLINFO_LOCAL_PORT)) }
            return headDidArrive()
        }

        private func headDidArrive() -> Bool {
            var keepsBody = false
            if settings.configuration.maximumRedirects > 0,
                let nextRequest = CurlRedirect.next(
                    after: head.statusCode, location: head.value("Location"), request: plan.request,
                    originalURL: request.urlRequest.url ?? plan.url, keepsBody: &keepsBody)
            {
                guard redirects < settings.configuration.maximumRedirects else {
                    failure = URLError(.httpTooManyRedirects)
                    return false
                }
                next = (nextRequest, keepsBody)
                return true  // the redirect's own body is dropped
            }
            guard head.statusCode >= 100 else {
                failure = URLError(.badServerResponse)
                return false
            }
            head.url = plan.url
            hasHead = true
            expectedLength = head.contentLength
            switch sink {
            case .file:
                do {
                    download = try CurlDownloadFile(in: settings.configuration.temporaryDirectory)
                } catch {
                    failure = error
                    return false
                }
            case .memory, .stream:
                let limit = request.maximumResponseSize
                if let limit, let length = expectedLength, length > limit, plan.method != "HEAD" {
                    failure = ResponseTooLargeError(limit: limit, size: length)
                    return false
                }
                if case .memory = sink, let length = expectedLength, length > 0 {
                    reserve(Int(min(length, limit ?? length, 64 << 20)))
                }
                do {
                    try delivery?.start(contentEncoding: head.value("Content-Encoding"))
                } catch {
                    failure = error
                    return false
                }
            }
            if let continuation = headDelivery {
                headDelivery = nil
                continuation.resume(returning: head)
            }
            return true
        }

        /// Body bytes arrived; returns how many were taken (fewer stops the transfer).
        func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
            guard !isAbandoned else { return 0 }
            touch()
            guard next == nil, hasHead else { return discard(bytes.count) }
            if let delivery {
                return follow(delivery.receive(bytes, counting: count)) ? bytes.count : 0
            }
            if case .file = sink {
                guard download?.write(bytes) == true else {
                    failure = URLError(.cannotWriteToFile)
                    return 0
                }
            }
            if let refusal = count(bytes.count) {
                failure = refusal
                return 0
            }
            if case .memory = sink { keep(bytes, at: Int(received) - bytes.count) }
            return bytes.count
        }

        /// `count` more body bytes (decoded) arrived: they are counted against the response limit
        /// (a file is not held to it) and reported; returns the error that refuses them.
        private func count(_ count: Int) -> (any Error)? {
            let total = received + Int64(count)
            if let limit = request.maximumResponseSize, total > limit, !isDownload {
                return ResponseTooLargeError(limit: limit, size: total)
            }
            received = total
            progress?.report(
                TransferProgress(direction: .download, completedBytes: received, totalBytes: expectedLength))
            return nil
        }

        private var isDownload: Bool {
            if case .file = sink { return true }
            return false
        }

        /// Does what a stream's delivery says; `false` when the transfer must stop.
        private func follow(_ next: CurlStreamDelivery.Next) -> Bool {
            switch next {
            case .read:
                return true
            case .pause:
                // Stop reading from the socket until the reader has drained half the buffer.
                if let easy { courier_curl_easy_pause(easy.pointer, COURIER_CURLPAUSE_RECV) }
                return true
            case .stop(let error):
                failure = error
                return false
            }
        }

        /// Whether receiving is paused until the stream's reader catches up.
        var isPaused: Bool { delivery?.isPaused ?? false }

        /// The stream's reader caught up: decodes what waits, and resumes receiving unless the
        /// reader is behind again. A transfer stopped meanwhile is cancelled by its termination.
        func resumeReceiving() {
            guard let delivery, delivery.isPaused, let easy else { return }
            touch()
            let next = delivery.resume(counting: count)
            guard follow(next) else { return }
            if case .read = next { courier_curl_easy_pause(easy.pointer, COURIER_CURLPAUSE_CONT) }
        }

        /// The most of a redirect's body read only to be thrown away: 64 KiB. A redirect's body is
        /// a short page; past this the transfer stops (libcurl closes the connection rather than
        /// read on) and the redirect is followed, so a body that never ends costs nothing more.
        static let discardLimit: Int64 = 64 << 10

        /// Takes `count` bytes of a body that is not the response's (a redirect's) without keeping
        /// them; returns 0, stopping the transfer, once more than ``discardLimit`` came.
        private func discard(_ count: Int) -> Int {
            discarded += Int64(count)
            guard discarded > Self.discardLimit else { return count }
            if next != nil {
                cutRedirectBody = true
            } else {
                failure = URLError(.badServerResponse)
            }
            return 0
        }

        /// Room for a body of `length` bytes: a reused buffer for a large body that arrives as it is
        /// (not content-encoded, whose announced length is not the decoded one), else the `Data`'s own.
        private func reserve(_ length: Int) {
            if head.value("Content-Encoding") == nil, let capacity = CurlBodyBuffers.capacity(for: length) {
                pooled = (CurlBodyBuffers.shared.take(capacity: capacity), capacity)
            } else {
                body.reserveCapacity(length)
            }
        }

        /// Appends `bytes`, which go at `offset` of the body, to the body.
        private func keep(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
            guard let base = bytes.baseAddress else { return }
            if let (pointer, capacity) = pooled {
                if offset + bytes.count <= capacity {
                    (pointer + offset).copyMemory(from: base, byteCount: bytes.count)
                    return
                }
                // More than announced: carry on in a Data of its own.
                pooled = nil
                body = Data(bytes: pointer, count: offset)
                CurlBodyBuffers.shared.giveBack(pointer, capacity: capacity)
            }
            body.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }

        /// libcurl wants more of the request body; returns the bytes copied, 0 at the end, or
        /// libcurl's abort code.
        func sendBody(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
            guard !isAbandoned else { return Int(COURIER_CURL_READFUNC_ABORT) }
            touch()
            guard let body = plan.body else { return 0 }
            guard let count = body.read(into: buffer, capacity: capacity) else {
                failure = body.fileURL.map { TransferError.fileNotReadable($0) } ?? URLError(.cannotOpenFile)
                return Int(COURIER_CURL_READFUNC_ABORT)
            }
            progress?.report(TransferProgress(direction: .upload, completedBytes: body.offset, totalBytes: body.size))
            return count
        }

        /// libcurl rewinds the request body (to send it again on a new connection).
        func seekBody(to offset: Int64) -> Int32 {
            guard !isAbandoned else { return COURIER_CURL_SEEKFUNC_FAIL }
            return plan.body?.seek(to: offset) == true ? COURIER_CURL_SEEKFUNC_OK : COURIER_CURL_SEEKFUNC_CANTSEEK
        }
    }
#endif
