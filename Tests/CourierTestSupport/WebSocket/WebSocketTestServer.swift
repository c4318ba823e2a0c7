#if os(Linux)
    import Courier
    import Foundation
    import Glibc

    /// A WebSocket server for tests that follows a script written in the test: it sends exactly the
    /// bytes the script says (malformed frames, resets, closes never answered included) and reads
    /// the client's frames as they are, masks and all. Each test makes its own on 127.0.0.1 with a
    /// free port.
    ///
    /// ```swift
    /// let server = try WebSocketTestServer { connection in
    ///     try connection.acceptHandshake(try connection.readHandshake())
    ///     try connection.sendFrame(.text, Array("hello".utf8))
    ///     let close = try connection.expectClose()
    ///     try connection.sendClose(code: close.code)
    /// }
    /// defer { server.stop() }
    /// ```
    ///
    /// Each connection runs the script on a thread of its own. Reads wait at most
    /// ``WebSocketTestConnection/readTimeout``, so a script never hangs a test; what a script throws
    /// is kept in ``failures``.
    public final class WebSocketTestServer: Sendable {
        /// The port the server listens on.
        public let port: UInt16
        /// `ws://127.0.0.1:<port>`.
        public let url: URL

        private let listener: Int32
        private let wake: (read: Int32, write: Int32)
        private let finished = DispatchSemaphore(value: 0)
        private let stopped = LockedValue(false)
        private let scriptFailures = LockedValue<[String]>([])
        private let running = LockedValue(0)
        private let accepted = LockedValue(0)

        /// Starts a server on 127.0.0.1 that runs `script` for every connection.
        public init(_ script: @escaping @Sendable (WebSocketTestConnection) throws -> Void) throws {
            let (listener, port) = try LoopbackSocket.listen()
            self.listener = listener
            wake = try LoopbackSocket.pipe()
            self.port = port
            guard let url = URL(string: "ws://127.0.0.1:\(port)") else { throw URLError(.badURL) }
            self.url = url
            let acceptLoop = AcceptLoop(
                listener: listener, wake: wake.read, finished: finished, failures: scriptFailures, running: running,
                accepted: accepted, script: script)
            Thread.detachNewThread { acceptLoop.run() }
        }

        deinit {
            stop()
        }

        /// What the scripts threw, one line each.
        public var failures: [String] { scriptFailures.withLock { $0 } }

        /// How many connections were accepted.
        public var connectionCount: Int { accepted.withLock { $0 } }

        /// Waits until every script that started has returned; `false` after `timeout` seconds.
        public func waitForScripts(timeout: TimeInterval = 10) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while running.withLock({ $0 }) > 0 {
                guard Date() < deadline else { return false }
                usleep(5_000)
            }
            return true
        }

        /// Stops accepting connections. Scripts under way run to their end.
        public func stop() {
            let first = stopped.withLock { stopped in
                defer { stopped = true }
                return !stopped
            }
            guard first else { return }
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
            finished.wait()
            LoopbackSocket.close(wake.write)
        }
    }

    /// The server's accepting thread.
    private struct AcceptLoop: Sendable {
        let listener: Int32
        let wake: Int32
        let finished: DispatchSemaphore
        let failures: LockedValue<[String]>
        let running: LockedValue<Int>
        let accepted: LockedValue<Int>
        let script: @Sendable (WebSocketTestConnection) throws -> Void

        func run() {
            while true {
                let readable = LoopbackSocket.waitReadable([listener, wake])
                if readable.contains(wake) { break }
                while let descriptor = LoopbackSocket.accept(listener) {
                    accepted.withLock { $0 += 1 }
                    running.withLock { $0 += 1 }
                    let connection = WebSocketTestConnection(descriptor: descriptor)
                    let (script, failures, running) = (script, failures, running)
                    Thread.detachNewThread {
                        do {
                            try script(connection)
                        } catch {
                            failures.withLock { $0.append(String(describing: error)) }
                        }
                        connection.closeConnection()
                        running.withLock { $0 -= 1 }
                    }
                }
            }
            LoopbackSocket.close(listener)
            LoopbackSocket.close(wake)
            finished.signal()
        }
    }
#endif
