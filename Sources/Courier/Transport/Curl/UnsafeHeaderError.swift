import Foundation

/// A request carried a header or method that would change the request's meaning on the wire (a
/// line break or NUL in a header, a name or method that is not a token); the transport refused to
/// send it. Carried by ``CourierError/underlying(_:_:)``.
public struct UnsafeHeaderError: Error, LocalizedError, Sendable, Hashable {
    /// Which part of the request was refused.
    public enum Part: Sendable, Hashable {
        /// A header name that is not an RFC 9110 token.
        case name
        /// A header value with CR, LF or NUL.
        case value
        /// A method that is not an RFC 9110 token.
        case method
    }

    /// The header's name, or the method.
    public let name: String
    /// Which part was refused.
    public let part: Part

    /// Creates the error.
    /// - Parameters:
    ///   - name: The header's name, or the method.
    ///   - part: Which part was refused.
    public init(name: String, part: Part) {
        self.name = name
        self.part = part
    }

    /// Names the header or method and what was wrong with it.
    public var errorDescription: String? {
        let shown = name.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }
            .joined()
        return switch part {
        case .name: "The header name \"\(shown)\" is not a valid token; the request was not sent."
        case .value: "The value of header \"\(shown)\" contains CR, LF or NUL; the request was not sent."
        case .method: "The method \"\(shown)\" is not a valid token; the request was not sent."
        }
    }
}
