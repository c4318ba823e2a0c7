import Courier
import Foundation

/// An HTTP server for tests that records the exact bytes it receives and answers every request it
/// parses with one fixed response.
///
/// Use it where httpbin would hide what went over the wire: httpbin's echo is what its framework
/// parsed, after it merged, dropped or rewrote headers. Each test makes its own server on
/// 127.0.0.1 with a free port; it needs no dependency and no set-up.
///
/// ```swift
/// let server = try RecordingServer()
/// defer { server.stop() }
/// _ = await provider.result(Target(baseURL: server.baseURL))
/// let recording = server.stop()      // waits until every byte already sent is read
/// XCTAssertEqual(recording.requests.count, 1)
/// XCTAssertFalse(recording.text.contains("X-Injected"))
/// ```
///
/// Requests are parsed leniently (see ``RawRequest``), as a lenient server would, so a request
/// smuggled inside another shows up as one more request on the same connection
/// (``Recording/mostRequestsOnOneConnection``). Connections are kept open, as a keep-alive server
/// keeps them, until the client closes them or the server stops.
public final class RecordingServer: Sendable {
    /// What the server does with a connection once it has answered a request on it.
    public enum Ending: Sendable {
        /// Keeps it open for the next request, as a keep-alive server does.
        case keepOpen
        /// Closes it: after an empty answer, an empty reply (a connection closed without a status
        /// line); after part of a head, a head cut short.
        case close
        /// Resets it (a TCP reset, as a crashed server's kernel sends).
        case reset
    }

    /// `HTTP/1.1 200 OK` with a two-byte body, `ok`.
    public static let okResponse = Data(
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok".utf8)

    /// The port the server listens on, chosen by the system.
    public let port: UInt16
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL

    private let wake: (read: Int32, write: Int32)
    private let connections = LockedValue<[RecordedConnection]>([])
    private let stopped = LockedValue(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts a server on 127.0.0.1 with a free port.
    /// - Parameters:
    ///   - response: The bytes sent back for every request parsed, exactly as given.
    ///     ``okResponse`` by default.
    /// - Throws: When no socket can be opened.
    ///   - ending: What is done with a connection after each answer. Kept open by default.
    public convenience init(response: Data = RecordingServer.okResponse, ending: Ending = .keepOpen) throws {
        try self.init(ending: ending) { _ in response }
    }

    /// Starts a server on 127.0.0.1 with a free port that answers each request with what
    /// `responder` makes of it: a scripted origin server, for tests of what a client does with
    /// each answer (a cache's revalidations, say).
    /// - Parameters:
    ///   - ending: What is done with a connection after each answer. Kept open by default.
    ///   - responder: The bytes sent back for a parsed request, exactly as returned.
    /// - Throws: When no socket can be opened.
    public convenience init(ending: Ending = .keepOpen, responder: @escaping @Sendable (RawRequest) -> Data) throws {
        try self.init(answering: { (responder($0), ending) })
    }

    /// Starts a server on 127.0.0.1 with a free port that answers each request, and ends its
    /// connection or not, as `answering` says: an origin that fails one request and not the next.
    /// - Parameter answering: The bytes sent back for a parsed request, exactly as returned, and
    ///   what is then done with the connection.
    /// - Throws: When no socket can be opened.
    public init(answering: @escaping @Sendable (RawRequest) -> (bytes: Data, ending: Ending)) throws {
        let (listener, port) = try LoopbackSocket.listen()
        let wake: (read: Int32, write: Int32)
        do {
            wake = try LoopbackSocket.pipe()
        } catch {
            LoopbackSocket.close(listener)
            throw error
        }
        self.port = port
        self.wake = wake
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw URLError(.badURL) }
        baseURL = url
        let loop = EventLoop(
            listener: listener, wake: wake.read, answering: answering, connections: connections, finished: finished)
        Thread.detachNewThread { loop.run() }
    }

    deinit {
        stop()
    }

    /// What has been received so far; the last bytes may still be on their way.
    public var recording: Recording {
        Recording(connections: connections.withLock { $0 })
    }

    /// Opens a connection, sends `bytes` exactly as given and closes it: a raw client, for tests of
    /// what the server makes of bytes no HTTP client would send.
    /// - Throws: When the connection cannot be made.
    public func sendRaw(_ bytes: Data) throws {
        try LoopbackSocket.connectAndSend(bytes, port: port)
    }

    /// Stops the server and returns everything it received.
    ///
    /// Bytes the client had sent before this call are read before the connections are closed, so
    /// on loopback the recording is complete once the client has its response. Calling it again
    /// returns the same recording.
    @discardableResult
    public func stop() -> Recording {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        if first {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
            finished.wait()
            LoopbackSocket.close(wake.write)
        }
        return recording
    }
}

/// The server's thread: accepts, reads, records, parses and answers until it is woken to stop.
private struct EventLoop: Sendable {
    let listener: Int32
    let wake: Int32
    let answering: @Sendable (RawRequest) -> (bytes: Data, ending: RecordingServer.Ending)
    let connections: LockedValue<[RecordedConnection]>
    let finished: DispatchSemaphore

    /// A connection's state on the loop's thread.
    private struct Open {
        let index: Int
        var bytes: [UInt8] = []
        var parsed = 0
        var continued = false
    }

    func run() {
        var open: [Int32: Open] = [:]
        loop: while true {
            let readable = LoopbackSocket.waitReadable([listener, wake] + open.keys)
            if readable.contains(wake) { break loop }
            if readable.contains(listener) { acceptAll(into: &open) }
            for descriptor in readable where open[descriptor] != nil {
                guard let bytes = LoopbackSocket.receive(descriptor, waiting: true) else {
                    LoopbackSocket.close(descriptor)
                    open[descriptor] = nil
                    continue
                }
                received(bytes, on: descriptor, &open)
            }
        }
        // Stopping: take in what already arrived, then close everything.
        acceptAll(into: &open)
        for descriptor in open.keys {
            while let bytes = LoopbackSocket.receive(descriptor, waiting: false), !bytes.isEmpty {
                received(bytes, on: descriptor, &open)
            }
            LoopbackSocket.close(descriptor)
        }
        LoopbackSocket.close(listener)
        LoopbackSocket.close(wake)
        finished.signal()
    }

    private func acceptAll(into open: inout [Int32: Open]) {
        while let descriptor = LoopbackSocket.accept(listener) {
            let index = connections.withLock { connections in
                connections.append(RecordedConnection())
                return connections.count - 1
            }
            open[descriptor] = Open(index: index)
        }
    }

    private func received(_ bytes: [UInt8], on descriptor: Int32, _ open: inout [Int32: Open]) {
        guard var connection = open[descriptor] else { return }
        connection.bytes += bytes
        var parsedRequests: [RawRequest] = []
        var ended: RecordingServer.Ending?
        parsing: while true {
            switch RawRequestParser.step(connection.bytes, from: connection.parsed) {
            case .request(let request, let end):
                parsedRequests.append(request)
                connection.parsed = end
                connection.continued = false
                let answer = answering(request)
                LoopbackSocket.send(answer.bytes, to: descriptor)
                guard answer.ending == .keepOpen else {
                    ended = answer.ending
                    break parsing
                }
            case .needsBody(let expectsContinue):
                if expectsContinue && !connection.continued {
                    connection.continued = true
                    LoopbackSocket.send(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: descriptor)
                }
                break parsing
            case .needsHead:
                break parsing
            }
        }
        let segments = LoopbackSocket.dataSegmentsReceived(descriptor)
        if let ended {
            if ended == .reset { LoopbackSocket.reset(descriptor) } else { LoopbackSocket.close(descriptor) }
            open[descriptor] = nil
        } else {
            open[descriptor] = connection
        }
        connections.withLock { connections in
            connections[connection.index].dataSegments = segments
            connections[connection.index].bytes.append(contentsOf: bytes)
            connections[connection.index].requests += parsedRequests
            connections[connection.index].parsedByteCount = connection.parsed
        }
    }
}
