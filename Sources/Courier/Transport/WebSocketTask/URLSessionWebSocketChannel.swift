#if !canImport(FoundationNetworking)
    import Foundation

    /// A WebSocket on a `URLSessionWebSocketTask` (Apple platforms): URLSession does the framing,
    /// the handshake's checks and the pongs; the channel reads a message only while the inbox has
    /// room, and keeps Courier's ping, pong and close timeouts.
    final class URLSessionWebSocketChannel: WebSocketChannel {
        private struct State {
            var closeSent = false
            var closure: WebSocketClosure?
            var closeWaiters: [CheckedContinuation<Void, Never>] = []
        }

        let negotiatedProtocol: String?
        private let task: URLSessionWebSocketTask
        private let handler: WebSocketTaskHandler
        private let configuration: WebSocketConfiguration
        private let inbox: MessageInbox
        private let room: RoomSignal
        private let state = LockedValue(State())

        /// Sends the handshake `request` in `session`, whose delegate is `delegate`, and waits for
        /// its end.
        static func open(
            _ request: URLRequest, in session: URLSession, delegate: SessionDelegate,
            configuration: WebSocketConfiguration
        ) async throws -> WebSocketHandshakeAnswer {
            var request = request
            request.url = request.url.map(webSocketURL)
            let task = session.webSocketTask(with: request)
            task.maximumMessageSize = configuration.maximumMessageSize
            let handler = WebSocketTaskHandler()
            delegate.register(handler, for: task)
            task.resume()
            switch await handler.opening(onCancel: { TaskCanceller.cancel(task) }) {
            case .opened(let subprotocol):
                guard let http = task.response as? HTTPURLResponse else {
                    TaskCanceller.cancel(task)
                    throw URLError(.badServerResponse)
                }
                let channel = URLSessionWebSocketChannel(
                    task: task, handler: handler, subprotocol: subprotocol, configuration: configuration)
                return .upgraded(http, channel)
            case .failed(let error):
                if error is CancellationError { throw error }
                if let declined = handler.declined { return .refused(declined, body: Data()) }
                if let http = task.response as? HTTPURLResponse, http.statusCode != 101 {
                    return .refused(http, body: Data())
                }
                throw error
            }
        }

        /// `url` with the WebSocket scheme URLSession asks for: `ws` for `http`, `wss` for `https`.
        private static func webSocketURL(_ url: URL) -> URL {
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
            switch components.scheme?.lowercased() {
            case "http": components.scheme = "ws"
            case "https": components.scheme = "wss"
            default: return url
            }
            return components.url ?? url
        }

        private init(
            task: URLSessionWebSocketTask, handler: WebSocketTaskHandler, subprotocol: String?,
            configuration: WebSocketConfiguration
        ) {
            self.task = task
            self.handler = handler
            negotiatedProtocol = subprotocol
            self.configuration = configuration
            let room = RoomSignal()
            self.room = room
            inbox = MessageInbox(limit: configuration.receiveBufferSize) { room.signal() }
            Task { await self.read() }
            if let interval = configuration.pingInterval { Task { [weak self] in await self?.keepPinging(interval) } }
        }

        var closure: WebSocketClosure? { state.withLock { $0.closure } }

        // MARK: - Reading

        /// Reads messages while the inbox has room, until the task ends.
        private func read() async {
            while closure == nil {
                if !inbox.hasRoom { await room.wait() }
                do {
                    switch try await task.receive() {
                    case .string(let text): inbox.put(.text(text))
                    case .data(let data): inbox.put(.binary(data))
                    @unknown default: continue
                    }
                } catch {
                    return ended(by: error)
                }
            }
        }

        func next() async throws -> WebSocketMessage? {
            try await inbox.next { [weak self] in self?.closeWithoutWaiting(code: .goingAway) }
        }

        // MARK: - Sending

        func send(_ message: WebSocketMessage) async throws {
            if let refusal = state.withLock({ $0.closeSent || $0.closure != nil ? notOpenError($0.closure) : nil }) {
                throw refusal
            }
            let outgoing: URLSessionWebSocketTask.Message =
                switch message {
                case .text(let text): .string(text)
                case .binary(let data): .data(data)
                }
            do {
                try await task.send(outgoing)
            } catch {
                throw closure.map(notOpenError) ?? WebSocketError.connectionLost(error.localizedDescription)
            }
        }

        func ping() async throws {
            if let closure { throw notOpenError(closure) }
            let answer = PingAnswer()
            let timeout = configuration.pongTimeout
            let timer = Task {
                try await Task.sleep(for: timeout)
                answer.give(WebSocketError.pongTimedOut)
            }
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                answer.wait(continuation)
                task.sendPing { error in
                    answer.give(error.map { WebSocketError.connectionLost($0.localizedDescription) })
                }
            }
            timer.cancel()
        }

        /// Pings every `interval`; a missing pong closes with 1001 and fails the reader.
        private func keepPinging(_ interval: Duration) async {
            while closure == nil {
                do {
                    try await Task.sleep(for: interval)
                    try await ping()
                } catch WebSocketError.pongTimedOut {
                    end(.failed(.pongTimedOut))
                    task.cancel(with: .goingAway, reason: nil)
                    return
                } catch {
                    return
                }
            }
        }

        // MARK: - Closing

        func close(code: WebSocketCloseCode, reason: String) async {
            startClosing(code, reason: reason)
            let timeout = configuration.closeTimeout
            let timer = Task { [weak self] in
                try await Task.sleep(for: timeout)
                self?.end(WebSocketClosure(code: .abnormalClosure, reason: "", error: .closeTimedOut))
                if let task = self?.task { TaskCanceller.cancel(task) }
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let isClosed = state.withLock { state -> Bool in
                    guard state.closure == nil else { return true }
                    state.closeWaiters.append(continuation)
                    return false
                }
                if isClosed { continuation.resume() }
            }
            timer.cancel()
        }

        func closeWithoutWaiting(code: WebSocketCloseCode) {
            startClosing(code, reason: "")
        }

        /// Sends the close frame, once. URLSession sends only the codes it names; another (an app's
        /// 4000 to 4999) goes as 1000.
        private func startClosing(_ code: WebSocketCloseCode, reason: String) {
            let first = state.withLock { state -> Bool in
                defer { state.closeSent = true }
                return !state.closeSent && state.closure == nil
            }
            guard first else { return }
            let sent = URLSessionWebSocketTask.CloseCode(rawValue: Int(code.rawValue)) ?? .normalClosure
            task.cancel(with: sent, reason: Data(FrameWriter.truncated(reason, toBytes: 123).utf8))
            Task { [handler, weak self] in
                await handler.completion()
                self?.ended(by: nil)
            }
        }

        /// How the task's end reads: the server's close, else the failure.
        private func ended(by error: (any Error)?) {
            let taskClose: (code: Int, reason: Data?)? =
                task.closeCode != .invalid ? (code: task.closeCode.rawValue, reason: task.closeReason) : nil
            if let close = handler.serverClose ?? taskClose {
                let reason = close.reason.map { String(decoding: $0, as: UTF8.self) } ?? ""
                let code = WebSocketCloseCode(rawValue: UInt16(clamping: close.code))
                return end(WebSocketClosure(code: code, reason: reason, error: nil))
            }
            if let posix = error as? POSIXError, posix.code == .EMSGSIZE {
                task.cancel(with: .messageTooBig, reason: nil)
                return end(.failed(.messageTooBig(limit: configuration.maximumMessageSize)))
            }
            end(.failed(.connectionLost(error?.localizedDescription)))
        }

        /// Records how the socket ended, once.
        private func end(_ closure: WebSocketClosure) {
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
                guard state.closure == nil else { return nil }
                state.closure = closure
                defer { state.closeWaiters.removeAll() }
                return state.closeWaiters
            }
            guard let waiters else { return }
            inbox.finish(closure.error.map(MessageInbox.End.failed) ?? .closed)
            room.signal()
            for waiter in waiters { waiter.resume() }
        }

        private func notOpenError(_ closure: WebSocketClosure?) -> WebSocketError {
            if let error = closure?.error, case .connectionLost = error { return error }
            return .notOpen(closure?.code)
        }
    }

    /// Wakes the reading loop when the inbox has room again.
    private final class RoomSignal: Sendable {
        private let waiter = LockedValue<(signalled: Bool, continuation: CheckedContinuation<Void, Never>?)>(
            (false, nil))

        func signal() {
            let continuation = waiter.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state = (state.continuation == nil, nil) }
                return state.continuation
            }
            continuation?.resume()
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let ready = waiter.withLock { state -> Bool in
                    if state.signalled {
                        state = (false, nil)
                        return true
                    }
                    state.continuation = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    /// The first answer to a ping: its pong, a failure, or the timeout.
    private final class PingAnswer: Sendable {
        private let state = LockedValue<
            (answered: Bool, continuation: CheckedContinuation<Void, any Error>?, early: (any Error)??)
        >((false, nil, nil))

        func wait(_ continuation: CheckedContinuation<Void, any Error>) {
            let early = state.withLock { state -> (any Error)?? in
                if let early = state.early { return early }
                state.continuation = continuation
                return nil
            }
            guard let early else { return }
            if let error = early { continuation.resume(throwing: error) } else { continuation.resume() }
        }

        func give(_ error: (any Error)?) {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard !state.answered else { return nil }
                state.answered = true
                guard let continuation = state.continuation else {
                    state.early = .some(error)
                    return nil
                }
                return continuation
            }
            guard let continuation else { return }
            if let error { continuation.resume(throwing: error) } else { continuation.resume() }
        }
    }
#endif
