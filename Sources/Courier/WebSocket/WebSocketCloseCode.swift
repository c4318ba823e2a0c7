/// The status code of a WebSocket's closing handshake (RFC 6455 §7.4), such as
/// ``normalClosure`` (1000).
///
/// The named codes are IANA's registry; an application may use its own from 4000 to 4999
/// (`WebSocketCloseCode(rawValue: 4001)`), and libraries and frameworks from 3000 to 3999.
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code, as sent.
    public let rawValue: UInt16

    /// A code with this value.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: an endpoint is going away (a server going down, a client leaving the screen). Courier
    /// closes with it when the task reading ``WebSocket/messages`` is cancelled or the socket is
    /// dropped.
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: a protocol error.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: a kind of data the endpoint cannot accept.
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1005: the peer's close frame had no code. Never sent; reported in ``WebSocket/closeCode``.
    public static let noStatusReceived = WebSocketCloseCode(rawValue: 1005)
    /// 1006: the connection ended without a closing handshake. Never sent; reported in
    /// ``WebSocket/closeCode``.
    public static let abnormalClosure = WebSocketCloseCode(rawValue: 1006)
    /// 1007: a message's data was not what its type says (a text message that is not UTF-8).
    public static let invalidFramePayloadData = WebSocketCloseCode(rawValue: 1007)
    /// 1008: a message violated the endpoint's policy.
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a message was too big to process.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1010: the client expected an extension the server did not agree to.
    public static let mandatoryExtensionMissing = WebSocketCloseCode(rawValue: 1010)
    /// 1011: the server met an unexpected condition.
    public static let internalServerError = WebSocketCloseCode(rawValue: 1011)
    /// 1012: the server is restarting.
    public static let serviceRestart = WebSocketCloseCode(rawValue: 1012)
    /// 1013: the server is overloaded; try again later.
    public static let tryAgainLater = WebSocketCloseCode(rawValue: 1013)
    /// 1014: a gateway got an invalid answer from the server behind it.
    public static let badGateway = WebSocketCloseCode(rawValue: 1014)
    /// 1015: the TLS handshake failed. Never sent.
    public static let tlsHandshakeFailure = WebSocketCloseCode(rawValue: 1015)

    /// Whether this code may be sent in a close frame: 1000 to 1003, 1007 to 1014 and 3000 to 4999.
    /// A peer that sends another code (0 to 999, 1004 to 1006, 1015, 1016 to 2999, 5000 and up)
    /// breaks the protocol; ``WebSocket/close(code:reason:)`` sends ``normalClosure`` instead of
    /// such a code.
    public var canBeSent: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// The number, and its name when it has one: `1000 (normal closure)`.
    public var description: String {
        let names: [UInt16: String] = [
            1000: "normal closure", 1001: "going away", 1002: "protocol error", 1003: "unsupported data",
            1005: "no status received", 1006: "abnormal closure", 1007: "invalid frame payload data",
            1008: "policy violation", 1009: "message too big", 1010: "mandatory extension missing",
            1011: "internal server error", 1012: "service restart", 1013: "try again later", 1014: "bad gateway",
            1015: "TLS handshake failure",
        ]
        return names[rawValue].map { "\(rawValue) (\($0))" } ?? "\(rawValue)"
    }
}
