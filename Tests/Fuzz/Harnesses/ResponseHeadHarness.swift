#if os(Linux)
    import Foundation
    import FoundationNetworking

    @testable import Courier

    /// The response head as the libcurl transport reads it: header lines as libcurl hands them over
    /// (each with its line ending, up to the transfer's limit of ``CurlTransfer/headLimit`` bytes)
    /// into ``CurlResponseHead``, then what the transfer reads from a complete head: the response,
    /// the length, the redirect, the plan of a resumed download, the content encoding.
    ///
    /// Checked: the response has the head's status and a value for every field whose name is a
    /// token; repeated fields are joined, never lost; a redirect to another origin carries no
    /// credentials.
    enum ResponseHeadHarness: FuzzHarness {
        static let name = "response-head"
        private static let url = URL(string: "https://origin.example/files/report?page=2")!

        static func run(_ input: FuzzInput) {
            var head = CurlResponseHead()
            var taken = 0
            var start = 0
            var isComplete = false
            while start < input.bytes.count, !isComplete {
                let end = (input.bytes[start...].firstIndex(of: 0x0A) ?? input.bytes.count - 1) + 1
                taken += end - start
                guard taken <= CurlTransfer.headLimit else { return }
                if case .complete = head.consume(UnsafeRawBufferPointer(rebasing: input.bytes[start..<end])) {
                    isComplete = true
                }
                start = end
            }
            precondition((0...999).contains(head.statusCode), "status \(head.statusCode)")
            let merged = head.headerFields
            let folded = head.caseFoldedFields
            for (name, _) in head.fields {
                precondition(merged[name] != nil, "field \(name) lost")
                precondition(folded.keys.contains { $0.caseInsensitiveEquals(name) }, "field \(name) lost")
            }
            guard isComplete else { return }
            readAsTheTransferDoes(head)
        }

        /// What ``CurlTransfer`` reads from a complete head.
        private static func readAsTheTransferDoes(_ head: CurlResponseHead) {
            var head = head
            head.url = url
            if let response = head.makeResponse() {
                precondition(response.statusCode == head.statusCode)
                // A field whose name is a token (RFC 9110 §5.1) reaches the app; others may not.
                for (name, _) in head.fields where CurlHeaderLines.isToken(name) {
                    precondition(response.value(forHTTPHeaderField: name) != nil, "field \(name) lost")
                }
            }
            _ = head.contentLength
            var keepsBody = false
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
            if let next = CurlRedirect.next(
                after: head.statusCode, location: head.value("Location"), request: request, originalURL: url,
                keepsBody: &keepsBody), let target = next.url
            {
                precondition(TransportURL.isHTTP(target))
                if target.host?.isEmpty == false, !HTTPCache.sameOrigin(target, url) {
                    precondition(next.value(forHTTPHeaderField: "Authorization") == nil, "credentials to \(target)")
                }
            }
            let point = DownloadResumePoint(
                url: url, partialFileURL: URL(fileURLWithPath: "/nonexistent/partial"), bytesReceived: 100,
                totalBytes: 1000, entityTag: "\"v1\"", lastModified: nil)
            for download in [
                ResumableDownload(url: url, continuing: point), ResumableDownload(url: url, continuing: nil),
            ] {
                guard
                    let plan = try? DownloadBodyPlan.make(
                        for: download, statusCode: head.statusCode, header: head.value)
                else { continue }
                _ = plan.overrun(fileBytes: Int64.max)
                _ = plan.shortfall(fileBytes: 0)
                _ = plan.resumePoint(file: URL(fileURLWithPath: "/nonexistent/partial"), bytes: 10)
            }
            if let encoding = head.value("Content-Encoding") { _ = CurlBodyDecoding(contentEncoding: encoding) }
        }
    }
#endif
