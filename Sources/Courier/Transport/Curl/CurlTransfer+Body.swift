#if os(Linux)
    internal import CCourierCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The bodies of a transfer, as libcurl's write, read and seek callbacks hand them over and ask
    /// for them (inside curl_multi_perform, on the loop's thread), and a stream's pauses.
    extension CurlTransfer {
        /// Body bytes arrived; returns how many were taken (fewer stops the transfer).
        func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
            guard !isAbandoned else { return 0 }
            touch()
            guard next == nil, hasHead else { return discard(bytes.count) }
            if let delivery {
                return follow(delivery.receive(bytes, counting: count)) ? bytes.count : 0
            }
            let refusal = bodyDecoding.map { $0.decode(bytes, into: take) } ?? take(bytes)
            if let refusal {
                failure = refusal
                return 0
            }
            return bytes.count
        }

        /// Keeps body bytes (decoded): in the download's file or in memory, counted against the
        /// response limit; returns the error that refuses them.
        private func take(_ bytes: UnsafeRawBufferPointer) -> (any Error)? {
            if case .file = sink {
                if let overrun = bodyPlan?.overrun(fileBytes: (bodyPlan?.offset ?? 0) + received + Int64(bytes.count)) {
                    return overrun
                }
                guard download?.write(bytes) == true else { return URLError(.cannotWriteToFile) }
            }
            if let refusal = count(bytes.count) { return refusal }
            if case .memory = sink { body.keep(bytes, at: Int(received) - bytes.count) }
            return nil
        }

        /// `count` more body bytes (decoded) arrived: they are counted against the response limit
        /// (a file is not held to it) and reported; returns the error that refuses them.
        private func count(_ count: Int) -> (any Error)? {
            let total = received + Int64(count)
            if let limit = request.maximumResponseSize, total > limit, !isDownload {
                return ResponseTooLargeError(limit: limit, size: total)
            }
            received = total
            // A resumed download counts from the bytes its partial file held.
            progress?.report(
                TransferProgress(
                    direction: .download, completedBytes: (bodyPlan?.offset ?? 0) + received,
                    totalBytes: expectedLength))
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
