import Courier

/// A WebSocket that records its conversation as it goes: every message the client sends and reads,
/// then how it ended, written once the socket's end is known (by `save`, which writes the
/// recording file).
///
/// The recording is written when the reader sees the end or a close returns; a socket dropped
/// before either is written when the channel goes away. A recording that cannot be written fails
/// the reader's last read, or the next send after a close.
final class RecordingChannel: WebSocketChannel {
    private struct State {
        var conversation = RecordedConversation()
        var clientClosed = false
        var isSaved = false
        var saveError: (any Error)?
    }

    private let inner: any WebSocketChannel
    private let save: @Sendable (RecordedConversation) throws -> Void
    private let state = LockedValue(State())

    init(_ inner: any WebSocketChannel, save: @escaping @Sendable (RecordedConversation) throws -> Void) {
        self.inner = inner
        self.save = save
    }

    deinit {
        _ = saveIfEnded(force: true)
    }

    var negotiatedProtocol: String? { inner.negotiatedProtocol }
    var closure: WebSocketClosure? { inner.closure }

    func next() async throws -> WebSocketMessage? {
        do {
            guard let message = try await inner.next() else {
                if let error = saveIfEnded(force: false) { throw error }
                return nil
            }
            record(.received, message)
            return message
        } catch {
            _ = saveIfEnded(force: false)
            throw error
        }
    }

    func send(_ message: WebSocketMessage) async throws {
        if let error = state.withLock({ $0.saveError }) { throw error }
        try await inner.send(message)
        record(.sent, message)
    }

    func ping() async throws {
        try await inner.ping()
    }

    func close(code: WebSocketCloseCode, reason: String) async {
        state.withLock { $0.clientClosed = $0.clientClosed || inner.closure == nil }
        await inner.close(code: code, reason: reason)
        _ = saveIfEnded(force: false)
    }

    func closeWithoutWaiting(code: WebSocketCloseCode) {
        state.withLock { $0.clientClosed = $0.clientClosed || inner.closure == nil }
        inner.closeWithoutWaiting(code: code)
    }

    private func record(_ direction: RecordedConversation.Event.Direction, _ message: WebSocketMessage) {
        state.withLock { $0.conversation.events.append(RecordedConversation.Event(direction, message)) }
    }

    /// Writes the recording once the socket has ended (or, with `force`, now, as dropped if it has
    /// not); the error writing it, if any.
    private func saveIfEnded(force: Bool) -> (any Error)? {
        let closure = inner.closure
        let conversation = state.withLock { state -> RecordedConversation? in
            guard !state.isSaved, closure != nil || force else { return nil }
            state.isSaved = true
            var conversation = state.conversation
            if let closure {
                conversation.closeCode = closure.code.rawValue
                conversation.closeReason = closure.reason.isEmpty ? nil : closure.reason
                conversation.end =
                    closure.error != nil ? .dropped : state.clientClosed ? .closedByClient : .closedByServer
            } else {
                conversation.end = .closedByClient
            }
            return conversation
        }
        guard let conversation else { return nil }
        do {
            try save(conversation)
            return nil
        } catch {
            state.withLock { $0.saveError = error }
            return error
        }
    }
}
