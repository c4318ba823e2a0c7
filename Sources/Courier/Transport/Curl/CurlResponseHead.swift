#if os(Linux)
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Collects the header lines libcurl hands over one by one (status line, fields, blank line)
    /// into a response head. Informational (1xx) heads are dropped; lines after a complete head
    /// (trailers) are ignored.
    struct CurlResponseHead {
        /// What a line did.
        enum Progress {
            /// More lines are needed.
            case partial
            /// The final head is complete: ``statusCode`` and ``fields`` hold it.
            case complete
        }

        private(set) var statusCode = 0
        private(set) var httpVersion = "HTTP/1.1"
        /// Fields in arrival order; repeated names are kept apart until ``headerFields``.
        private(set) var fields: [(name: String, value: String)] = []
        private(set) var isComplete = false

        /// Takes one line (with its CRLF) and says whether the head is complete.
        mutating func consume(_ line: UnsafeRawBufferPointer) -> Progress {
            guard !isComplete else { return .partial }
            var end = line.count
            while end > 0, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
            if end == 0 {
                guard statusCode >= 200 else {
                    // The end of a 100 Continue (or another 1xx): the real head follows.
                    self = CurlResponseHead()
                    return .partial
                }
                isComplete = true
                return .complete
            }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: line[0..<end]), as: UTF8.self)
            if text.hasPrefix("HTTP/") {
                self = CurlResponseHead()
                let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
                httpVersion = parts.first.map(String.init) ?? "HTTP/1.1"
                statusCode = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            } else if let first = text.utf8.first, first == 0x20 || first == 0x09, !fields.isEmpty {
                // An obsolete folded line continues the previous field (RFC 9112 §5.2).
                fields[fields.count - 1].value += " " + text.trimmingCharacters(in: .whitespaces)
            } else if let colon = text.firstIndex(of: ":") {
                let name = String(text[..<colon])
                let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                fields.append((name, value))
            }
            return .partial
        }

        /// The value of the first field named `name` (any case).
        func value(_ name: String) -> String? {
            fields.first { $0.name.caseInsensitiveEquals(name) }?.value
        }

        /// The announced body length, or `nil`.
        var contentLength: Int64? {
            value("Content-Length").flatMap { Int64($0) }
        }

        /// Fields as `HTTPURLResponse` takes them: repeated names joined with ", " (RFC 9110 §5.3).
        var headerFields: [String: String] {
            var merged: [String: String] = [:]
            merged.reserveCapacity(fields.count)
            for (name, value) in fields {
                if let existing = merged[name] {
                    merged[name] = existing + ", " + value
                } else {
                    merged[name] = value
                }
            }
            return merged
        }

        /// The response for `url`, or `nil` when the status line was not HTTP.
        func response(for url: URL) -> HTTPURLResponse? {
            guard (100...999).contains(statusCode) else { return nil }
            return HTTPURLResponse(
                url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: headerFields)
        }
    }
#endif
