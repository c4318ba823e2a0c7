#if os(Linux)
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Collects the header lines libcurl hands over one by one (status line, fields, blank line)
    /// into a response head. Informational (1xx) heads are dropped; lines after a complete head
    /// (trailers) are ignored. Only the first line of a head is its status line: a later line that
    /// begins with `HTTP/` is not a field (it has no colon) and is ignored, never a new head.
    struct CurlResponseHead: Sendable {
        /// What a line did.
        enum Progress {
            /// More lines are needed.
            case partial
            /// The final head is complete: ``statusCode`` and ``fields`` hold it.
            case complete
        }

        private(set) var statusCode = 0
        private(set) var httpVersion = "HTTP/1.1"
        /// The fields' lines as they arrived, each up to the end of its value (the colon and the
        /// spaces around the value stay in, and one append takes the line); a folded line's text is
        /// joined to its field's value. ``spans`` says where each name and value is.
        private var text: [UInt8] = []
        /// Where each field's name and value are in ``text``, in arrival order.
        private var spans: [(name: Range<Int>, value: Range<Int>)] = []
        /// Fields in arrival order; repeated names are kept apart until ``headerFields``. Made
        /// when read: the transfer itself reads a head's fields by name (``value(_:)``) from the
        /// bytes, and most answers' fields are never made into strings before the app asks.
        var fields: [(name: String, value: String)] {
            spans.map { (string(at: $0.name), string(at: $0.value)) }
        }
        private(set) var isComplete = false
        /// The head's first line has been read: every later line is a field.
        private var hasStatusLine = false
        /// The URL the head answered (after redirects); set by the transfer.
        var url: URL?

        /// Takes one line (with its CRLF) and says whether the head is complete. Parsed byte by byte:
        /// this runs for every header of every response, on the event loop's thread.
        mutating func consume(_ line: UnsafeRawBufferPointer) -> Progress {
            guard !isComplete else { return .partial }
            let bytes = line.bindMemory(to: UInt8.self)
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
            if end == 0 {
                guard statusCode >= 200 else {
                    // The end of a 100 Continue (or another 1xx): the real head follows.
                    self = CurlResponseHead()
                    return .partial
                }
                isComplete = true
                return .complete
            }
            let line = UnsafeBufferPointer(rebasing: bytes[0..<end])
            if !hasStatusLine {
                hasStatusLine = true
                parseStatusLine(line)
            } else if line[0] == 0x20 || line[0] == 0x09 {
                // An obsolete folded line continues the previous field (RFC 9112 §5.2): its value
                // is the last bytes of `text`, so it grows in place.
                guard let last = spans.last else { return .partial }
                let continuation = UnsafeBufferPointer(rebasing: line[Self.trimmedRange(line, from: 0, to: line.count)])
                text.append(0x20)
                text.append(contentsOf: continuation)
                spans[spans.count - 1].value = last.value.lowerBound..<text.count
            } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
                // Room for a typical head at once, rather than growing the arrays several times.
                if spans.isEmpty {
                    spans.reserveCapacity(16)
                    text.reserveCapacity(512)
                }
                let start = text.count
                let value = Self.trimmedRange(line, from: colon + 1, to: line.count)
                text.append(contentsOf: UnsafeBufferPointer(rebasing: line[0..<value.upperBound]))
                spans.append((start..<(start + colon), (start + value.lowerBound)..<(start + value.upperBound)))
            }
            return .partial
        }

        /// `HTTP/1.1 200 OK`: the version and the status code (0 when the line is not a status line).
        private mutating func parseStatusLine(_ text: UnsafeBufferPointer<UInt8>) {
            // "HTTP/", byte by byte: `starts(with:)` against a string's UTF-8 view took 235 instructions.
            guard text.count > 5, text[0] == 0x48, text[1] == 0x54, text[2] == 0x54, text[3] == 0x50, text[4] == 0x2F
            else { return }
            let space = text.firstIndex(of: 0x20) ?? text.count
            httpVersion = String(decoding: UnsafeBufferPointer(rebasing: text[0..<space]), as: UTF8.self)
            var code = 0
            var index = space + 1
            while index < text.count, index <= space + 3, (0x30...0x39).contains(text[index]) {
                code = code * 10 + Int(text[index] - 0x30)
                index += 1
            }
            statusCode = index == space + 4 ? code : 0
        }

        /// Where `line[start..<end]` is without surrounding spaces and tabs.
        private static func trimmedRange(_ line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range<Int>
        {
            var start = start
            var end = end
            while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
            while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
            return start..<end
        }

        /// The text of `range` in ``text``.
        private func string(at range: Range<Int>) -> String {
            text.withUnsafeBufferPointer { Self.string($0, range) }
        }

        /// The value of the first field named `name` (any case), found without making the other
        /// fields' strings.
        func value(_ name: String) -> String? {
            var name = name
            let found = name.withUTF8 { wanted in
                text.withUnsafeBufferPointer { text in
                    spans.first { String.sameIgnoringASCIICase(UnsafeBufferPointer(rebasing: text[$0.name]), wanted) }
                }
            }
            return found.map { string(at: $0.value) }
        }

        /// The announced body length, or `nil`.
        var contentLength: Int64? {
            value("Content-Length").flatMap { Int64($0) }
        }

        /// Fields as `HTTPURLResponse` takes them: repeated names joined with ", " (RFC 9110 §5.3).
        var headerFields: [String: String] {
            let fields = self.fields
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

        /// Fields as the cache reads them, without an `HTTPURLResponse`: names compared without case
        /// (the first spelling kept), repeated names joined with ", ".
        ///
        /// A usual head's names are matched against the names before them in its bytes: a lowercased
        /// copy of every name and a second dictionary to look them up in cost twice what the fields'
        /// own strings do (callgrind, nginx's eight fields). A head of more than
        /// ``linearFoldLimit`` fields goes through the dictionary, which grows with the fields, not
        /// with their square.
        var caseFoldedFields: [String: String] {
            guard spans.count <= Self.linearFoldLimit else { return caseFoldedFieldsByLookup }
            return text.withUnsafeBufferPointer { text in
                var merged: [String: String] = [:]
                merged.reserveCapacity(spans.count)
                // Each name's first spelling: where it is in `text`, and the key it was given.
                var firsts: [(name: Range<Int>, key: String)] = []
                firsts.reserveCapacity(spans.count)
                for span in spans {
                    let value = Self.string(text, span.value)
                    if let first = firsts.first(where: { Self.sameName(text, $0.name, span.name) }) {
                        if let existing = merged[first.key] { merged[first.key] = existing + ", " + value }
                    } else {
                        let key = Self.string(text, span.name)
                        firsts.append((span.name, key))
                        merged[key] = value
                    }
                }
                return merged
            }
        }

        /// The most fields whose names ``caseFoldedFields`` matches one against another.
        static let linearFoldLimit = 32

        /// ``caseFoldedFields`` for a head of many fields: names looked up lowercased.
        private var caseFoldedFieldsByLookup: [String: String] {
            var merged: [String: String] = [:]
            var spelling: [String: String] = [:]
            let fields = self.fields
            merged.reserveCapacity(fields.count)
            spelling.reserveCapacity(fields.count)
            for (name, value) in fields {
                let folded = name.lowercased()
                if let first = spelling[folded], let existing = merged[first] {
                    merged[first] = existing + ", " + value
                } else {
                    spelling[folded] = name
                    merged[name] = value
                }
            }
            return merged
        }

        /// Whether the names at `lhs` and `rhs` in `text` are the same but for ASCII case.
        private static func sameName(_ text: UnsafeBufferPointer<UInt8>, _ lhs: Range<Int>, _ rhs: Range<Int>) -> Bool {
            String.sameIgnoringASCIICase(
                UnsafeBufferPointer(rebasing: text[lhs]), UnsafeBufferPointer(rebasing: text[rhs]))
        }

        /// The text of `range` in `text`.
        private static func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
        }

        /// Whether the head can be answered as an `HTTPURLResponse`: it has its URL and an HTTP
        /// status code.
        var isUsable: Bool {
            url != nil && (100...999).contains(statusCode)
        }

        /// The response, made by the caller once the head is complete; `nil` when it is not
        /// ``isUsable`` (or Foundation refuses it, which FoundationNetworking never does).
        func makeResponse() -> HTTPURLResponse? {
            guard let url, isUsable else { return nil }
            return HTTPURLResponse(
                url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: headerFields)
        }

        /// The response, made by the caller once the head is complete.
        /// - Throws: `URLError(.badServerResponse)` when the status line was not HTTP.
        func response() throws -> HTTPURLResponse {
            guard let response = makeResponse() else { throw URLError(.badServerResponse) }
            return response
        }
    }
#endif
