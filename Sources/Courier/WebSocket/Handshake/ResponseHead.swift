import Foundation

/// The head of an HTTP/1.1 answer read off a socket: the status line and the header fields, and
/// what the answer's framing says of its body.
struct ResponseHead: Sendable, Equatable {
    /// The most bytes a head may take: 64 KiB.
    static let maximumLength = 64 * 1024

    let statusCode: Int
    let httpVersion: String
    /// The fields in order, as sent.
    let fields: [(name: String, value: String)]

    /// The fields by name, repeated names joined with `, ` (RFC 9110 §5.3).
    var fieldsByName: [String: String] {
        var joined: [String: String] = [:]
        for (name, value) in fields {
            if let key = joined.keys.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                joined[key, default: ""] += ", " + value
            } else {
                joined[name] = value
            }
        }
        return joined
    }

    /// The value of the first field named `name`, in any case.
    func field(_ name: String) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    static func == (lhs: ResponseHead, rhs: ResponseHead) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.httpVersion == rhs.httpVersion
            && lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    /// What reading a head from the start of some bytes found.
    enum Parsed: Equatable {
        /// The head, and how many bytes it took (its blank line included).
        case head(ResponseHead, length: Int)
        /// The blank line that ends the head has not arrived.
        case incomplete
        /// The bytes are no HTTP/1.x head, or it is longer than ``maximumLength``.
        case invalid(String)
    }

    /// Reads a head from the start of `bytes`.
    static func parse(_ bytes: [UInt8]) -> Parsed {
        guard let end = headEnd(in: bytes) else {
            return bytes.count > maximumLength ? .invalid("its head is longer than 64 KiB") : .incomplete
        }
        guard end <= maximumLength else { return .invalid("its head is longer than 64 KiB") }
        let text = String(decoding: bytes[..<end], as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard !lines.isEmpty else { return .invalid("it sent an empty head") }
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), statusLine[1].count == 3,
            let statusCode = Int(statusLine[1]), (100...599).contains(statusCode)
        else { return .invalid("its status line is not HTTP/1.x") }
        var fields: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon > line.startIndex else {
                return .invalid("a header line has no name")
            }
            let name = String(line[..<colon])
            guard !name.contains(" "), !name.contains("\t") else { return .invalid("a header name holds a space") }
            fields.append((name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return .head(
            ResponseHead(statusCode: statusCode, httpVersion: String(statusLine[0]), fields: fields), length: end + 4)
    }

    /// The index of the `\r\n\r\n` that ends a head, or `nil`.
    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// An `HTTPURLResponse` for `url` with this head.
    func response(for url: URL) -> HTTPURLResponse? {
        HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: fieldsByName)
    }
}
