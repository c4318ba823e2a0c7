#if os(Linux)
    import Foundation

    /// A WebSocket on a connection of bytes (libcurl's, on Linux): Courier's own RFC 6455 framing,
    /// read and written by a thread of the socket's own, which waits on the socket with `poll`.
    ///
    /// The thread reads while the inbox has room (so a reader that stops reading stops the socket
    /// reading, and TCP holds the server back), answers pings, keeps the timers (pings, pong and
    /// close timeouts) and writes what senders could not write at once. A sender writes its frames
    /// itself when the socket takes them, without waking the thread.
    final class FramedChannel: WebSocketChannel, @unchecked Sendable {
        // @unchecked Sendable: `state` is read and written only while `lock` is held (the
        // connection and the frame writer inside it too); `reader` and `events` only on the
        // channel's thread, in `run`; the other properties are immutable and Sendable.

        let negotiatedProtocol: String?
        let configuration: WebSocketConfiguration
        let inbox: MessageInbox
        let wakeup: SocketWakeup
        let lock = NSLock()
        var state: State
        var reader: FrameReader
        /// What the reader found in the last bytes, until it is acted on.
        var events: [FrameEvent] = []

        /// What senders and the thread share.
        struct State {
            var connection: (any ByteConnection)?
            var writer: FrameWriter
            var outbox = SocketOutbox()
            var sendWaiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
            var pingWaiters: [CheckedContinuation<Void, any Error>] = []
            var closeWaiters: [CheckedContinuation<Void, Never>] = []
            var closeSent = false
            var closure: WebSocketClosure?
            /// When a close frame we sent stops waiting for the server's, or, once closed, when the
            /// wait for the server to end the connection stops.
            var closeDeadline: FixedInstant?
            var pongDeadline: FixedInstant?
            var nextPing: FixedInstant?
            var pingCount: UInt32 = 0
            /// A read or a write failed, or the server ended the connection: nothing more moves on it.
            var isBroken = false
            /// The thread is done: the connection is closed, every waiter answered.
            var isFinished = false
        }

        /// A channel on `connection`, whose handshake agreed to `agreement`.
        init(
            connection: any ByteConnection, agreement: OpeningHandshake.Agreement,
            configuration: WebSocketConfiguration, compression: SocketCompression?
        ) {
            negotiatedProtocol = agreement.subprotocol
            self.configuration = configuration
            let wakeup = SocketWakeup()
            self.wakeup = wakeup
            inbox = MessageInbox(limit: configuration.receiveBufferSize) { wakeup.signal() }
            state = State(connection: connection, writer: FrameWriter(deflater: compression?.deflater))
            reader = FrameReader(maximumMessageSize: configuration.maximumMessageSize, inflater: compression?.inflater)
            if let interval = configuration.pingInterval { state.nextPing = .now + interval }
        }

        var closure: WebSocketClosure? { lock.withLock { state.closure } }

        func next() async throws -> WebSocketMessage? {
            try await inbox.next { [weak self] in self?.closeWithoutWaiting(code: .goingAway) }
        }

        func send(_ message: WebSocketMessage) async throws {
            let id = try lock.withLock { () throws -> UInt64 in
                guard !state.closeSent, state.closure == nil, state.connection != nil else {
                    throw WebSocketError.notOpen(state.closure?.code)
                }
                let id = state.outbox.append(message: state.writer.frames(for: message))
                flush()
                return id
            }
            if lock.withLock({ state.outbox.lastCompleted >= id }) { return }
            wakeup.signal()
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let outcome = lock.withLock { () -> Result<Void, any Error>? in
                        if state.outbox.lastCompleted >= id { return .success(()) }
                        if state.isFinished || Task.isCancelled {
                            return .failure(Task.isCancelled ? CancellationError() : notOpenError())
                        }
                        state.sendWaiters.append((id, continuation))
                        return nil
                    }
                    if let outcome { continuation.resume(with: outcome) }
                }
            } onCancel: {
                let waiter = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
                    guard let index = state.sendWaiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.sendWaiters.remove(at: index).continuation
                }
                waiter?.resume(throwing: CancellationError())
            }
        }

        func ping() async throws {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let refusal = lock.withLock { () -> (any Error)? in
                    guard !state.closeSent, state.closure == nil else { return notOpenError() }
                    state.pingWaiters.append(continuation)
                    sendPing()
                    return nil
                }
                if let refusal { continuation.resume(throwing: refusal) } else { wakeup.signal() }
            }
        }

        func close(code: WebSocketCloseCode, reason: String) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let isClosed = lock.withLock { () -> Bool in
                    startClosing(code, reason: reason)
                    guard state.closure == nil else { return true }
                    state.closeWaiters.append(continuation)
                    return false
                }
                if isClosed { continuation.resume() } else { wakeup.signal() }
            }
        }

        func closeWithoutWaiting(code: WebSocketCloseCode) {
            lock.withLock { startClosing(code, reason: "") }
            wakeup.signal()
        }

        // MARK: - With the lock held

        /// Queues a close frame and starts the close timeout, unless a close was sent already.
        func startClosing(_ code: WebSocketCloseCode, reason: String) {
            guard !state.closeSent, state.closure == nil, state.connection != nil else { return }
            state.outbox.append(control: state.writer.closeFrame(code, reason: reason))
            state.closeSent = true
            state.closeDeadline = .now + configuration.closeTimeout
            flush()
        }

        /// Queues a ping, and starts the pong timeout unless one runs.
        func sendPing() {
            state.pingCount &+= 1
            let count = state.pingCount
            let payload = Data([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: count >> UInt32($0)) })
            state.outbox.append(control: state.writer.controlFrame(.ping, payload))
            if state.pongDeadline == nil { state.pongDeadline = .now + configuration.pongTimeout }
            flush()
        }

        /// Writes what the connection takes now, and answers the sends written whole; a failed
        /// write ends the connection.
        func flush() {
            guard let connection = state.connection else { return }
            guard !state.isBroken else { return }
            if case .failed(let reason) = state.outbox.flush(to: connection) {
                state.isBroken = true
                end(.failed(.connectionLost(reason)))
            }
            let completed = state.outbox.lastCompleted
            guard state.sendWaiters.first.map({ $0.id <= completed }) == true else { return }
            while let first = state.sendWaiters.first, first.id <= completed {
                state.sendWaiters.removeFirst().continuation.resume()
            }
        }

        /// Records how the connection ended, once: the reader gets its messages, then the end.
        func end(_ closure: WebSocketClosure) {
            guard state.closure == nil else { return }
            state.closure = closure
            inbox.finish(closure.error.map(MessageInbox.End.failed) ?? .closed)
            for waiter in state.closeWaiters { waiter.resume() }
            state.closeWaiters.removeAll()
            for waiter in state.pingWaiters { waiter.resume(throwing: closure.error ?? .notOpen(closure.code)) }
            state.pingWaiters.removeAll()
            state.pongDeadline = nil
            state.nextPing = nil
        }

        /// The error a send or ping on a closing or closed socket fails with.
        func notOpenError() -> WebSocketError {
            if let error = state.closure?.error, case .connectionLost = error { return error }
            return .notOpen(state.closure?.code)
        }
    }
#endif
