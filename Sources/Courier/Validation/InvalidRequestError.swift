import Foundation

/// Why Courier refused to send a request: a header or the method would have reached the
/// wire in a form that lets the server read something other than what the request says — another
/// header, a second request, a body cut short.
///
/// Courier checks every request right before it goes to the transport or to a stub, whatever set
/// the header: the target, the endpoint, the `requestClosure`, a plugin or the transport's session
/// headers. The request fails with `CourierError.underlying(InvalidRequestError, nil)` and nothing
/// is sent. Courier's transports check again when they are called directly
/// (``HTTPTransport/send(_:)`` is public) and throw the error itself. Descriptions name the header
/// and the offending byte, never a header's value.
public enum InvalidRequestError: Error, Sendable, Hashable {
    /// A header name is empty or has a byte that no RFC 9110 token holds (only letters, digits and
    /// the 15 marks `!#$%&'*+-.^_|~` and the backtick are allowed). `name` is the name up to that byte, `byte` the byte
    /// (`nil` for an empty name) and `offset` its position in the name's UTF-8 bytes.
    case headerName(name: String, byte: UInt8?, offset: Int)
    /// The value of header `name` has a byte that no header value may hold: CR, LF, NUL or another
    /// control character (anything below 0x20 but tab, and DEL). `offset` is its position in the
    /// value's UTF-8 bytes; the value itself is never kept.
    case headerValue(name: String, byte: UInt8, offset: Int)
    /// The method is empty or is not an RFC 9110 token. `method` is the method up to that byte.
    case method(method: String, byte: UInt8?, offset: Int)
    /// `Content-Length` is not a single decimal number, or is not the length of the body that
    /// will be sent (`bodyLength`; `nil` when the body is a stream whose length Courier cannot know).
    case contentLength(value: String, bodyLength: Int64?)
    /// A `Transfer-Encoding` header was set. The transport frames the body itself (a length, or
    /// chunks for a stream); a second framing is how requests are smuggled.
    case transferEncoding
    /// `Host` names another authority than the URL (`authority`). Apple's URLSession ignores such a
    /// header and libcurl sends it, so it would reach different servers on different platforms.
    case host(value: String, authority: String)
}

extension InvalidRequestError: CustomStringConvertible, LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }

    /// What is wrong and where, e.g. `The value of header "X-Note" has a line feed (0x0A) at byte 3; …`.
    public var description: String {
        switch self {
        case .headerName(let name, let byte, let offset):
            guard let byte else { return "A header has an empty name; header names are RFC 9110 tokens." }
            return "The header name starting \(Self.quoted(name)) has \(Self.describe(byte)) at byte \(offset); "
                + "header names are RFC 9110 tokens (letters, digits and !#$%&'*+-.^_`|~)."
        case .headerValue(let name, let byte, let offset):
            return "The value of header \(Self.quoted(name)) has \(Self.describe(byte)) at byte \(offset); "
                + "header values may not hold CR, LF, NUL or other control characters (RFC 9110 §5.5)."
        case .method(let method, let byte, let offset):
            guard let byte else { return "The HTTP method is empty; a method is an RFC 9110 token." }
            return "The HTTP method starting \(Self.quoted(method)) has \(Self.describe(byte)) at byte \(offset); "
                + "a method is an RFC 9110 token."
        case .contentLength(let value, let bodyLength):
            let body = bodyLength.map { "the body is \($0) bytes long" } ?? "the body's length is unknown"
            return "Content-Length \(Self.quoted(value)) does not describe the body (\(body)); "
                + "leave Content-Length to the transport, or set exactly the body's length."
        case .transferEncoding:
            return "A Transfer-Encoding header was set; the transport frames the body itself, "
                + "so remove the header."
        case .host(let value, let authority):
            return "The Host header \(Self.quoted(value)) differs from the URL's authority \(Self.quoted(authority)); "
                + "change the URL instead, or remove the header."
        }
    }

    /// `"X-Name"`, with control characters escaped so that the description stays one line.
    private static func quoted(_ text: String) -> String {
        text.debugDescription
    }

    /// `a line feed (0x0A)`, `a colon (0x3A)`, `byte 0xC3`.
    private static func describe(_ byte: UInt8) -> String {
        let hex = "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        let name: String? =
            switch byte {
            case 0x00: "a NUL"
            case 0x09: "a tab"
            case 0x0A: "a line feed"
            case 0x0D: "a carriage return"
            case 0x20: "a space"
            case 0x7F: "a DEL"
            case 0x01..<0x20: "a control character"
            case 0x21..<0x7F: "\"\(Character(Unicode.Scalar(byte)))\""
            default: nil
            }
        return name.map { "\($0) (\(hex))" } ?? "byte \(hex)"
    }
}
