import Foundation

/// What a ``RecordingServer`` received on one connection.
public struct RecordedConnection: Sendable, Hashable {
    /// Every byte received, in order, exactly as it arrived.
    public var bytes = Data()
    /// The requests parsed from ``bytes``, in order. More than the client meant to send means a
    /// request was smuggled.
    public var requests: [RawRequest] = []
    /// The bytes after the last complete request: a request still arriving, or bytes that never
    /// form one.
    public var unparsedBytes: Data {
        bytes.suffix(from: bytes.startIndex + parsedByteCount)
    }
    /// How many TCP segments with data the connection had brought when its last bytes were read
    /// (see `LoopbackSocket.dataSegmentsReceived`); `nil` where the system does not say.
    public var dataSegments: Int?
    /// How many bytes the parsed requests took.
    var parsedByteCount = 0
}

/// Everything a ``RecordingServer`` received, connection by connection.
public struct Recording: Sendable, Hashable {
    /// The connections in the order they were accepted.
    public var connections: [RecordedConnection]

    /// Every request, connection after connection.
    public var requests: [RawRequest] {
        connections.flatMap(\.requests)
    }

    /// Every byte, connection after connection.
    public var bytes: Data {
        connections.reduce(into: Data()) { $0.append($1.bytes) }
    }

    /// The most requests parsed from a single connection.
    public var mostRequestsOnOneConnection: Int {
        connections.map(\.requests.count).max() ?? 0
    }

    /// Every byte as text (UTF-8, invalid bytes replaced), for searching in assertions.
    public var text: String {
        String(decoding: bytes, as: UTF8.self)
    }
}
