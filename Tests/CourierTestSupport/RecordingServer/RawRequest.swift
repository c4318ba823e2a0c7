import Foundation

/// One HTTP/1.1 request as a ``RecordingServer`` parsed it from the bytes it received.
///
/// The parser is deliberately lenient, as lenient as the servers an attacker aims at: a line may
/// end in CRLF or a bare LF, a head ends at the first empty line, and a body is framed by
/// `Transfer-Encoding: chunked` or else `Content-Length`. So a header value that smuggles
/// `\r\n\r\nGET /smuggled …` shows up here as a second ``RawRequest``.
public struct RawRequest: Sendable, Hashable {
    /// One header line, split at its first colon; the value without surrounding spaces and tabs.
    public struct Header: Sendable, Hashable {
        /// The name as received, in its case.
        public let name: String
        /// The value as received, without leading and trailing spaces and tabs.
        public let value: String
    }

    /// The request line, e.g. `GET /x HTTP/1.1`, without its line ending.
    public let requestLine: String
    /// The header lines in the order received; a line without a colon has an empty value and the
    /// whole line as its name.
    public let headers: [Header]
    /// The body, de-chunked when it was sent chunked.
    public let body: Data
    /// The exact bytes of the head, request line to the empty line included.
    public let head: Data

    /// The method: the request line up to its first space.
    public var method: String {
        String(requestLine.prefix { $0 != " " })
    }

    /// The request target: the request line between its first and second space.
    public var target: String {
        let parts = requestLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        return parts.count > 1 ? String(parts[1]) : ""
    }

    /// The values of every header named `name`, in any case, in the order received.
    public func values(forHeader name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The first value of header `name`, in any case.
    public func value(forHeader name: String) -> String? {
        values(forHeader: name).first
    }
}
