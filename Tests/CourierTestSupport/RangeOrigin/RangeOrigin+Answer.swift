import Foundation

extension RangeOrigin {
    /// What the server sends for one request, decided before its body goes out.
    private struct Reply {
        var status: Int
        var start: Int64
        var headers: [(String, String)]
    }

    /// Answers `request` on `descriptor` as the script says; `false` when the connection must close.
    func answer(_ request: RawRequest, on descriptor: Int32) -> Bool {
        let (index, content) = state.withLock { state -> (Int, OriginContent) in
            defer { state.requestCount += 1 }
            return (state.requestCount, state.content)
        }
        let answer = script(index, request)
        let current =
            answer.changesContent
            ? state.withLock { state -> OriginContent in
                state.content = OriginContent(size: state.content.size, version: state.content.version + 1)
                return state.content
            } : content
        let reply = self.reply(to: request, with: answer.kind, content: current)
        let length = reply.status == 206 || reply.status == 200 ? current.size - reply.start : 0
        let errorBody = Data("unavailable".utf8)
        var head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
        for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
        if answer.omitsLength {
            head += "Connection: close\r\n\r\n"
        } else {
            head += "Content-Length: \(reply.status == 503 ? Int64(errorBody.count) : length)\r\n\r\n"
        }
        let slot = state.withLock { state -> Int in
            state.exchanges.append(Exchange(request: request, status: reply.status, bodyBytesSent: 0))
            return state.exchanges.count - 1
        }
        var sent: Int64 = 0
        var open = LoopbackSocket.sendAll(Data(head.utf8), to: descriptor)
        if open, reply.status == 503 { open = LoopbackSocket.sendAll(errorBody, to: descriptor) }
        let limit = min(length, answer.dropAfter ?? answer.stallAfter ?? length)
        while open, sent < limit {
            let piece = current.bytes(at: reply.start + sent, count: Int(min(limit - sent, 1 << 20)))
            open = LoopbackSocket.sendAll(piece, to: descriptor)
            if open {
                sent += Int64(piece.count)
                state.withLock { [sent] in $0.exchanges[slot].bodyBytesSent = sent }
            }
        }
        if open, answer.extraBytes > 0 {
            open = LoopbackSocket.sendAll(Data(repeating: 0x2A, count: Int(answer.extraBytes)), to: descriptor)
        }
        if answer.omitsLength { return false }  // the close ends the body
        if open, answer.stallAfter != nil {
            // Until the client leaves.
            while let bytes = LoopbackSocket.receive(descriptor, waiting: true), !bytes.isEmpty {}
            return false
        }
        return open && answer.dropAfter == nil
    }

    /// The status, first byte and headers for `request` answered as `kind` with `content`.
    private func reply(to request: RawRequest, with kind: Answer.Kind, content: OriginContent) -> Reply {
        var headers: [(String, String)] = [("Accept-Ranges", "bytes"), ("Content-Type", "application/octet-stream")]
        switch validator {
        case .entityTag: headers.append(("ETag", content.entityTag))
        case .weakEntityTag: headers.append(("ETag", "W/" + content.entityTag))
        case .lastModified:
            headers.append(("Last-Modified", content.lastModified))
            headers.append(("Date", "Wed, 01 Jan 2025 00:00:00 GMT"))
        case .none: break
        }
        let whole = Reply(status: 200, start: 0, headers: headers)
        let unsatisfiable = Reply(
            status: 416, start: 0, headers: headers + [("Content-Range", "bytes */\(content.size)")])
        func partial(from start: Int64) -> Reply {
            Reply(
                status: 206, start: start,
                headers: headers + [("Content-Range", "bytes \(start)-\(content.size - 1)/\(content.size)")])
        }
        switch kind {
        case .whole: return whole
        case .unsatisfiable: return unsatisfiable
        case .range(let start): return partial(from: start)
        case .unavailable: return Reply(status: 503, start: 0, headers: [])
        case .honour:
            guard let start = Self.rangeStart(request.value(forHeader: "Range")) else { return whole }
            if let condition = request.value(forHeader: "If-Range"), condition != currentValidator(content) {
                return whole
            }
            return start < content.size ? partial(from: start) : unsatisfiable
        }
    }

    /// The validator `If-Range` must repeat for a range to be honoured.
    private func currentValidator(_ content: OriginContent) -> String? {
        switch validator {
        case .entityTag: content.entityTag
        case .lastModified: content.lastModified
        case .weakEntityTag, .none: nil
        }
    }

    /// `N` of `bytes=N-`, the one form the server honours.
    private static func rangeStart(_ value: String?) -> Int64? {
        guard let value, value.hasPrefix("bytes="), value.hasSuffix("-") else { return nil }
        return Int64(value.dropFirst("bytes=".count).dropLast())
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 206: "Partial Content"
        case 416: "Range Not Satisfiable"
        default: "Service Unavailable"
        }
    }
}
