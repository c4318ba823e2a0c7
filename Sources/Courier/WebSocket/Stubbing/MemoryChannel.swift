import Foundation

/// A WebSocket in memory, between a client (the ``WebSocketChannel`` a ``WebSocket`` reads) and a
/// stub's script (its ``WebSocketPeer``). Messages and closes go across as values; the client's
/// receive buffer, close timeout and error rules are those of a real socket.
final class MemoryChannel: WebSocketChannel {
    private struct State {
        /// What the client did that the peer has not taken.
        var toPeer: [WebSocketPeer.Event] = []
        var peerWaiter: CheckedContinuation<WebSocketPeer.Event?, Never>?
        /// Peer sends waiting for room in the client's inbox.
        var roomWaiters: [CheckedContinuation<Void, Never>] = []
        var closeSent = false
        /// The code of the client's own close, when it started the closing handshake.
        var clientCloseCode: WebSocketCloseCode?
        var closure: WebSocketClosure?
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
        /// The script returned: closes from the client are answered at once.
        var peerReturned = false
    }

    let negotiatedProtocol: String?
    private let configuration: WebSocketConfiguration
    private let inbox: MessageInbox
    private let state: LockedValue<State>

    /// A channel whose peer runs `script` in a task of its own, with `subprotocol` agreed.
    init(
        subprotocol: String?, configuration: WebSocketConfiguration,
        script: @escaping @Sendable (WebSocketPeer) async -> Void
    ) {
        negotiatedProtocol = subprotocol
        self.configuration = configuration
        let state = LockedValue(State())
        self.state = state
        inbox = MessageInbox(limit: configuration.receiveBufferSize) {
            let waiters = state.withLock { state in
                defer { state.roomWaiters.removeAll() }
                return state.roomWaiters
            }
            for waiter in waiters { waiter.resume() }
        }
        let peer = WebSocketPeer(channel: self)
        Task {
            await script(peer)
            peer.channel.peerDidReturn()
        }
    }

    var closure: WebSocketClosure? { state.withLock { $0.closure } }

    // MARK: - The client's side

    func next() async throws -> WebSocketMessage? {
        try await inbox.next { [weak self] in self?.closeWithoutWaiting(code: .goingAway) }
    }

    func send(_ message: WebSocketMessage) async throws {
        try state.withLock { state throws(WebSocketError) in
            guard !state.closeSent, state.closure == nil else {
                throw state.closure?.error.flatMap { error -> WebSocketError? in
                    if case .connectionLost = error { return error }
                    return nil
                } ?? .notOpen(state.closure?.code)
            }
            toPeer(.message(message), &state)
        }
    }

    func ping() async throws {
        if let closure { throw closure.error ?? .notOpen(closure.code) }
    }

    func close(code: WebSocketCloseCode, reason: String) async {
        startClosing(code, reason: reason)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isClosed = state.withLock { state -> Bool in
                guard state.closure == nil else { return true }
                state.closeWaiters.append(continuation)
                return false
            }
            if isClosed { continuation.resume() }
        }
    }

    func closeWithoutWaiting(code: WebSocketCloseCode) {
        startClosing(code, reason: "")
    }

    private func startClosing(_ code: WebSocketCloseCode, reason: String) {
        let answersAtOnce = state.withLock { state -> Bool in
            guard !state.closeSent, state.closure == nil else { return false }
            state.closeSent = true
            state.clientCloseCode = code
            toPeer(.close(code, reason: reason), &state)
            return state.peerReturned
        }
        if answersAtOnce { return end(WebSocketClosure(code: code, reason: "", error: nil)) }
        let timeout = configuration.closeTimeout
        Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.end(WebSocketClosure(code: .abnormalClosure, reason: "", error: .closeTimedOut))
        }
    }

    // MARK: - The peer's side

    func peerReceive() async -> WebSocketPeer.Event? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<WebSocketPeer.Event?, Never>) in
                let ready = state.withLock { state -> WebSocketPeer.Event?? in
                    if !state.toPeer.isEmpty { return .some(state.toPeer.removeFirst()) }
                    if state.closure != nil || Task.isCancelled || state.peerWaiter != nil { return .some(nil) }
                    state.peerWaiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.peerWaiter = nil }
                return state.peerWaiter
            }
            waiter?.resume(returning: nil)
        }
    }

    func peerSend(_ message: WebSocketMessage) async {
        while closure == nil && !inbox.hasRoom && !Task.isCancelled {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let hasRoom = state.withLock { state -> Bool in
                    // Asked again under the lock: the reader may have made room meanwhile.
                    if inbox.hasRoom || state.closure != nil { return true }
                    state.roomWaiters.append(continuation)
                    return false
                }
                if hasRoom { continuation.resume() }
            }
        }
        if closure == nil { inbox.put(message) }
    }

    func peerClose(code: WebSocketCloseCode, reason: String) {
        state.withLock { state in
            guard state.closure == nil, !state.closeSent else { return }
            // The client answers a close at once, with the same code.
            state.closeSent = true
            toPeer(.close(code, reason: ""), &state)
        }
        end(WebSocketClosure(code: code, reason: reason, error: nil))
    }

    func peerDidReturn() {
        let unanswered = state.withLock { state -> WebSocketCloseCode? in
            state.peerReturned = true
            return state.closure == nil ? state.clientCloseCode : nil
        }
        if let unanswered { end(WebSocketClosure(code: unanswered, reason: "", error: nil)) }
    }

    /// Records how the socket ended, once: the client's reader gets its messages, then the end.
    func end(_ closure: WebSocketClosure) {
        typealias Waiters = (
            close: [CheckedContinuation<Void, Never>], room: [CheckedContinuation<Void, Never>],
            peer: CheckedContinuation<WebSocketPeer.Event?, Never>?
        )
        let waiters = state.withLock { state -> Waiters? in
            guard state.closure == nil else { return nil }
            state.closure = closure
            defer {
                state.closeWaiters.removeAll()
                state.roomWaiters.removeAll()
                state.peerWaiter = nil
            }
            return (state.closeWaiters, state.roomWaiters, state.peerWaiter)
        }
        guard let waiters else { return }
        inbox.finish(closure.error.map(MessageInbox.End.failed) ?? .closed)
        for waiter in waiters.close + waiters.room { waiter.resume() }
        waiters.peer?.resume(returning: nil)
    }

    /// Hands `event` to a waiting peer, or queues it. With the lock held.
    private func toPeer(_ event: WebSocketPeer.Event, _ state: inout State) {
        if let waiter = state.peerWaiter {
            state.peerWaiter = nil
            waiter.resume(returning: event)
        } else {
            state.toPeer.append(event)
        }
    }
}
