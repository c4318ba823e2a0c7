import Courier
import Foundation

/// A scripted origin server for resumable downloads: it serves one representation
/// (``OriginContent``, any size, generated as it is sent) at every path, honours `Range: bytes=N-`
/// and `If-Range` as RFC 9110 says, and misbehaves as a test's script asks: it drops the
/// connection part-way, answers `200` or `416` to a range, sends a range that does not continue
/// the client's file, or changes the representation between two requests. It records every
/// request, so that tests assert what went over the wire.
///
/// ```swift
/// let origin = try RangeOrigin(size: 1 << 20, validator: .entityTag) { index, _ in
///     index == 0 ? .drop(after: 300_000) : .honour
/// }
/// defer { origin.stop() }
/// ```
///
/// Each connection is served on a thread of its own, with blocking writes, so a slow client holds
/// the server back as a real one would.
public final class RangeOrigin: Sendable {
    /// Which validator the server offers.
    public enum Validator: Sendable, Hashable {
        /// A strong `ETag`.
        case entityTag
        /// A weak `ETag` (`W/"…"`), which `If-Range` may not carry.
        case weakEntityTag
        /// `Last-Modified`, with a `Date` a year later, so the date is a strong validator.
        case lastModified
        /// Neither.
        case none
    }

    /// What the server does with one request.
    public struct Answer: Sendable {
        /// The status and range the server answers with.
        public enum Kind: Sendable {
            /// As RFC 9110 says: a `206` for a range whose `If-Range` matches (or has none), a
            /// `416` for a range past the end, a `200` otherwise.
            case honour
            /// A `200` with the whole representation, whatever the request asked.
            case whole
            /// A `416`.
            case unsatisfiable
            /// A `206` whose body and `Content-Range` start at this byte, whatever was asked.
            case range(from: Int64)
            /// A `503` with a short body.
            case unavailable
        }

        /// The status and range.
        public var kind: Kind
        /// How many body bytes are sent before the connection is closed; `nil` for all of them.
        public var dropAfter: Int64?
        /// How many body bytes are sent before the server stops sending, holding the connection
        /// open until the client closes it (a stalled server); `nil` for all of them.
        public var stallAfter: Int64?
        /// Whether the representation changes (a new version) before this request is answered.
        public var changesContent: Bool
        /// Whether the head leaves out `Content-Length`, so that the body ends when the server
        /// closes the connection (RFC 9112 §6.3): a body cut short then looks finished.
        public var omitsLength = false
        /// Bytes sent after the body, past what its `Content-Range` says (with ``omitsLength``).
        public var extraBytes: Int64 = 0

        /// Creates an answer.
        public init(
            _ kind: Kind = .honour, dropAfter: Int64? = nil, stallAfter: Int64? = nil, changesContent: Bool = false
        ) {
            self.kind = kind
            self.dropAfter = dropAfter
            self.stallAfter = stallAfter
            self.changesContent = changesContent
        }

        /// RFC 9110's answer, whole.
        public static let honour = Answer()

        /// RFC 9110's answer, with the connection closed after `bytes` of its body.
        public static func drop(after bytes: Int64) -> Answer { Answer(dropAfter: bytes) }

        /// RFC 9110's answer, stalled after `bytes` of its body until the client gives up.
        public static func stall(after bytes: Int64) -> Answer { Answer(stallAfter: bytes) }

        /// RFC 9110's answer without `Content-Length`, its body ended by closing the connection
        /// after `bytes` of it (`nil`: all of it) and `extra` bytes more.
        public static func unframed(endingAfter bytes: Int64? = nil, extra: Int64 = 0) -> Answer {
            var answer = Answer(dropAfter: bytes)
            answer.omitsLength = true
            answer.extraBytes = extra
            return answer
        }
    }

    /// One request and how it was answered.
    public struct Exchange: Sendable {
        /// The request as received.
        public let request: RawRequest
        /// The status code answered.
        public let status: Int
        /// The body bytes sent before the answer ended or was cut off (counted as they go: the
        /// request is recorded as soon as its head is answered).
        public internal(set) var bodyBytesSent: Int64
    }

    /// The port the server listens on.
    public let port: UInt16
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// Which validator the server offers.
    public let validator: Validator

    let script: @Sendable (_ index: Int, _ request: RawRequest) -> Answer
    let state: LockedValue<State>
    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let stopped = DispatchSemaphore(value: 0)

    struct State {
        var content: OriginContent
        var exchanges: [Exchange] = []
        var requestCount = 0
        var connections: Set<Int32> = []
        var isStopping = false
    }

    /// Starts a server on 127.0.0.1 with a free port.
    /// - Parameters:
    ///   - size: The representation's length in bytes.
    ///   - validator: Which validator the server offers.
    ///   - script: The answer to the request numbered `index` (0 for the first). RFC 9110's whole
    ///     answer to every request by default.
    public init(
        size: Int64, validator: Validator,
        script: @escaping @Sendable (_ index: Int, _ request: RawRequest) -> Answer = { _, _ in .honour }
    ) throws {
        let (listener, port) = try LoopbackSocket.listen()
        do {
            wake = try LoopbackSocket.pipe()
        } catch {
            LoopbackSocket.close(listener)
            throw error
        }
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw URLError(.badURL) }
        self.listener = listener
        self.port = port
        self.baseURL = url
        self.validator = validator
        self.script = script
        state = LockedValue(State(content: OriginContent(size: size, version: 0)))
        Thread.detachNewThread { [self] in acceptConnections() }
    }

    deinit {
        stop()
    }

    /// The representation the server serves now.
    public var content: OriginContent { state.withLock { $0.content } }

    /// Every request received so far, with its answer, in order.
    public var exchanges: [Exchange] { state.withLock { $0.exchanges } }

    /// Stops the server: closes the listener and every connection. Calling it again does nothing.
    public func stop() {
        // Under the lock, where connections are closed too: no descriptor is shut down after its
        // number was reused.
        let first = state.withLock { state -> Bool in
            guard !state.isStopping else { return false }
            state.isStopping = true
            for descriptor in state.connections { LoopbackSocket.shutdown(descriptor) }
            return true
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        stopped.wait()
        LoopbackSocket.close(wake.write)
    }

    private func acceptConnections() {
        while true {
            let readable = LoopbackSocket.waitReadable([listener, wake.read])
            if readable.contains(wake.read) { break }
            while let descriptor = LoopbackSocket.accept(listener) {
                let accepted = state.withLock { state -> Bool in
                    guard !state.isStopping else { return false }
                    state.connections.insert(descriptor)
                    return true
                }
                guard accepted else {
                    LoopbackSocket.close(descriptor)
                    continue
                }
                LoopbackSocket.setBlocking(descriptor)
                Thread.detachNewThread { [self] in serve(descriptor) }
            }
        }
        LoopbackSocket.close(listener)
        LoopbackSocket.close(wake.read)
        stopped.signal()
    }

    /// Reads requests on one connection and answers them until it closes or an answer drops it.
    private func serve(_ descriptor: Int32) {
        var bytes: [UInt8] = []
        var parsed = 0
        reading: while let received = LoopbackSocket.receive(descriptor, waiting: true), !received.isEmpty {
            bytes += received
            while case .request(let request, let end) = RawRequestParser.step(bytes, from: parsed) {
                parsed = end
                guard answer(request, on: descriptor) else { break reading }
            }
        }
        state.withLock { state in
            state.connections.remove(descriptor)
            LoopbackSocket.close(descriptor)
        }
    }
}
