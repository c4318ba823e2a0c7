import Foundation

/// How a WebSocket reads, pings, closes and compresses: the provider's (its
/// `webSocketConfiguration`), or a target's own (``TargetType/webSocketConfiguration``).
///
/// ```swift
/// var configuration = WebSocketConfiguration.default
/// configuration.maximumMessageSize = 64 << 20
/// configuration.pingInterval = .seconds(20)
/// let provider = Provider<Chat>(webSocketConfiguration: configuration)
/// ```
public struct WebSocketConfiguration: Sendable, Hashable {
    /// Whether messages are compressed.
    public enum Compression: Sendable, Hashable {
        /// Offer permessage-deflate (RFC 7692) in the handshake, and compress what is sent and
        /// inflate what arrives when the server accepts it. The offer asks for nothing the server
        /// must honour: the server picks context takeover and window sizes.
        case permessageDeflate
        /// Offer no compression.
        case disabled
    }

    /// The largest message accepted, in bytes (after inflating, for a compressed one): 16 MiB
    /// (16,777,216) by default. A larger one closes the socket with 1009 and fails
    /// ``WebSocket/messages`` with ``WebSocketError/messageTooBig(limit:)``; nothing beyond the limit
    /// is held in memory.
    public var maximumMessageSize: Int
    /// How many bytes of received messages wait for the reader before the socket stops reading:
    /// 4 MiB (4,194,304) by default. While the reader is behind, TCP holds the server back; a single
    /// message larger than this is still delivered whole. Room for a few messages keeps a fast
    /// stream flowing: a buffer that one message fills stops the socket after every message (with
    /// 1 MiB messages, 1 MiB of buffer halves the throughput on loopback).
    public var receiveBufferSize: Int
    /// How often a ping is sent while the socket is open: `nil` (never) by default. Pings keep idle
    /// connections open through proxies and find dead ones.
    public var pingInterval: Duration?
    /// How long a ping may wait for its pong before the connection is taken for dead
    /// (``WebSocketError/pongTimedOut``): 10 seconds by default.
    public var pongTimeout: Duration
    /// How long a close frame may wait for the server's before the connection is dropped: 5 seconds
    /// by default.
    public var closeTimeout: Duration
    /// Whether permessage-deflate is offered: ``Compression/permessageDeflate`` by default. On Apple
    /// platforms, where `URLSessionWebSocketTask` carries the socket, nothing is offered.
    public var compression: Compression

    /// The defaults named on each property.
    public static let `default` = WebSocketConfiguration()

    /// A configuration; each default is named on its property.
    public init(
        maximumMessageSize: Int = 16 << 20, receiveBufferSize: Int = 4 << 20, pingInterval: Duration? = nil,
        pongTimeout: Duration = .seconds(10), closeTimeout: Duration = .seconds(5),
        compression: Compression = .permessageDeflate
    ) {
        self.maximumMessageSize = maximumMessageSize
        self.receiveBufferSize = receiveBufferSize
        self.pingInterval = pingInterval
        self.pongTimeout = pongTimeout
        self.closeTimeout = closeTimeout
        self.compression = compression
    }
}
