import Foundation

/// Cuts requests out of the bytes received on one connection. Parses only what framing needs:
/// the head's lines, `Content-Length`, `Transfer-Encoding: chunked` and `Expect`.
enum RawRequestParser {
    /// The outcome of looking at the bytes from one offset.
    enum Step {
        /// A whole request, and the offset just after it.
        case request(RawRequest, end: Int)
        /// The head is complete but the body is not; `expectsContinue` when the client waits for
        /// `100 Continue` before sending it.
        case needsBody(expectsContinue: Bool)
        /// Not even the head is complete.
        case needsHead
    }

    /// The largest body the parser frames; a larger announced length is taken as "never complete".
    static let bodyLimit = 64 << 20

    static func step(_ bytes: [UInt8], from start: Int) -> Step {
        var lineStart = start
        // Robustness (RFC 9112 §2.2): empty lines before a request line are skipped.
        while let end = lineEnd(bytes, from: lineStart), end.content == lineStart {
            lineStart = end.next
        }
        let headStart = lineStart
        var lines: [String] = []
        while true {
            guard let end = lineEnd(bytes, from: lineStart) else { return .needsHead }
            if end.content == lineStart {
                lineStart = end.next
                break
            }
            lines.append(String(decoding: bytes[lineStart..<end.content], as: UTF8.self))
            lineStart = end.next
        }
        let headers = lines.dropFirst().map(header(of:))
        let request = { (body: Data, end: Int) -> Step in
            .request(
                RawRequest(
                    requestLine: lines.first ?? "", headers: headers, body: body,
                    head: Data(bytes[headStart..<lineStart])),
                end: end)
        }
        let expectsContinue = headers.contains {
            $0.name.lowercased() == "expect" && $0.value.lowercased() == "100-continue"
        }
        if headers.contains(where: { $0.name.lowercased() == "transfer-encoding" && $0.value.contains("chunked") }) {
            guard let (body, end) = chunkedBody(bytes, from: lineStart) else {
                return .needsBody(expectsContinue: expectsContinue)
            }
            return request(body, end)
        }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        guard length >= 0, length <= bodyLimit, bytes.count - lineStart >= length else {
            return .needsBody(expectsContinue: expectsContinue)
        }
        return request(Data(bytes[lineStart..<lineStart + length]), lineStart + length)
    }

    /// The line starting at `start`: where its content ends (before CR LF or LF) and where the
    /// next line starts; `nil` when no line ending has arrived yet.
    private static func lineEnd(_ bytes: [UInt8], from start: Int) -> (content: Int, next: Int)? {
        guard start < bytes.count, let newline = bytes[start...].firstIndex(of: 0x0A) else { return nil }
        let content = newline > start && bytes[newline - 1] == 0x0D ? newline - 1 : newline
        return (content, newline + 1)
    }

    private static func header(of line: String) -> RawRequest.Header {
        guard let colon = line.firstIndex(of: ":") else { return RawRequest.Header(name: line, value: "") }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        return RawRequest.Header(name: String(line[..<colon]), value: value)
    }

    /// A chunked body de-chunked, and the offset after its last chunk and trailers.
    private static func chunkedBody(_ bytes: [UInt8], from start: Int) -> (Data, Int)? {
        var body = Data()
        var position = start
        while true {
            guard let line = lineEnd(bytes, from: position) else { return nil }
            let sizeText = String(decoding: bytes[position..<line.content], as: UTF8.self)
                .prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
            guard let size = Int(sizeText, radix: 16), size >= 0, size <= bodyLimit else { return nil }
            position = line.next
            if size == 0 {
                // Trailers, up to the empty line.
                while true {
                    guard let trailer = lineEnd(bytes, from: position) else { return nil }
                    let isEmpty = trailer.content == position
                    position = trailer.next
                    if isEmpty { return (body, position) }
                }
            }
            guard bytes.count - position >= size else { return nil }
            body.append(contentsOf: bytes[position..<position + size])
            position += size
            guard let end = lineEnd(bytes, from: position) else { return nil }
            position = end.next
        }
    }
}
