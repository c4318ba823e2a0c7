#if os(Linux)
    internal import CCourierCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A response's heads, as libcurl's header callback hands their lines over (inside
    /// curl_multi_perform, on the loop's thread), and the redirects they lead to.
    extension CurlTransfer {
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
            if headBytes == 0, let progress, let body = plan.body, body.inlineBytes != nil {
                // A body sent with the head has no read callback to count it: it is reported sent
                // once the answer starts.
                progress.report(TransferProgress(direction: .upload, completedBytes: body.size, totalBytes: body.size))
            }
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
            // Most answers are no redirect: their Location and the request's URL are not read.
            if settings.configuration.maximumRedirects > 0, CurlRedirect.isRedirect(head.statusCode),
                let nextRequest = CurlRedirect.next(
                    after: head.statusCode, location: head.value("Location"), request: plan.request,
                    originalURL: request.urlRequest.url ?? plan.url, originBound: request.originBoundHeaders,
                    keepsBody: &keepsBody)
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
            let contentEncoding = head.value("Content-Encoding")
            switch sink {
            case .file:
                do {
                    bodyPlan = try DownloadBodyPlan.make(
                        for: request.resumable, statusCode: head.statusCode, header: head.value)
                    if let (partial, offset) = bodyPlan?.append {
                        download = try CurlDownloadFile(appendingTo: partial, at: offset)
                        expectedLength = bodyPlan?.totalBytes
                        progress?.report(
                            TransferProgress(direction: .download, completedBytes: offset, totalBytes: expectedLength))
                    } else {
                        download = try CurlDownloadFile(in: settings.configuration.temporaryDirectory)
                    }
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
                    body.reserve(
                        Int(min(length, limit ?? length, 64 << 20)), isEncoded: contentEncoding != nil)
                }
                do {
                    try delivery?.start(contentEncoding: contentEncoding)
                } catch {
                    failure = error
                    return false
                }
            }
            // Most answers name no encoding: nothing to make or parse for them.
            if delivery == nil, let encoding = contentEncoding {
                bodyDecoding = CurlBodyDecoding(contentEncoding: encoding)
            }
            if let continuation = headDelivery {
                headDelivery = nil
                continuation.resume(returning: head)
            }
            return true
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
            usesFreshConnection = false
            plan = try CurlRequestPlan(
                nextRequest, body: keepsBody ? request.body : .inRequest,
                sessionLines: settings.headerLines)
            head = CurlResponseHead()
        }

        /// The most of a redirect's body read only to be thrown away: 64 KiB. A redirect's body is
        /// a short page; past this the transfer stops (libcurl closes the connection rather than
        /// read on) and the redirect is followed, so a body that never ends costs nothing more.
        static let discardLimit: Int64 = 64 << 10

        /// Takes `count` bytes of a body that is not the response's (a redirect's) without keeping
        /// them; returns 0, stopping the transfer, once more than ``discardLimit`` came.
        func discard(_ count: Int) -> Int {
            discarded += Int64(count)
            guard discarded > Self.discardLimit else { return count }
            if next != nil {
                cutRedirectBody = true
            } else {
                failure = URLError(.badServerResponse)
            }
            return 0
        }

    }
#endif
