import Foundation

/// The messages a WebSocket received and its reader has not taken yet, bounded by bytes: the
/// reading side of back-pressure. The connection stops reading while ``hasRoom`` is false, and is
/// told (``init(limit:onRoom:)``) when the reader has taken it down to half, so TCP holds a server
/// back while its reader is behind.
///
/// One reader at a time: a second one waiting at once is refused.
final class MessageInbox: Sendable {
    /// How the messages end, once they do.
    enum End: Sendable {
        /// The closing handshake ended: the reader gets `nil`.
        case closed
        /// The reader gets this error.
        case failed(WebSocketError)
    }

    private struct State {
        var messages: [WebSocketMessage] = []
        /// The index of the next message to hand out.
        var head = 0
        var bytes = 0
        /// The connection stopped reading because the inbox was full, and waits to hear of room.
        var isHoldingBack = false
        var end: End?
        var waiter: CheckedContinuation<WebSocketMessage?, any Error>?
    }

    /// Bytes of messages held before the connection stops reading.
    let limit: Int
    private let onRoom: @Sendable () -> Void
    /// Runs when a reader found nothing to take and is about to wait: the window a test puts a
    /// message or the end into.
    private let beforeWaiting: (@Sendable () -> Void)?
    private let state = LockedValue(State())

    /// An inbox that holds up to `limit` bytes before ``hasRoom`` turns false; `onRoom` is called,
    /// outside the inbox's lock, when a reader takes it from full down to half.
    init(limit: Int, onRoom: @escaping @Sendable () -> Void, beforeWaiting: (@Sendable () -> Void)? = nil) {
        self.limit = max(1, limit)
        self.onRoom = onRoom
        self.beforeWaiting = beforeWaiting
    }

    /// Whether the connection may read more. When it returns false, the inbox calls `onRoom` later.
    var hasRoom: Bool {
        state.withLock { state in
            if state.bytes < limit { return true }
            state.isHoldingBack = true
            return false
        }
    }

    /// Whether the messages have ended (the reader may still have some to take).
    var hasEnded: Bool { state.withLock { $0.end != nil } }

    /// Hands `message` to a waiting reader, or keeps it. Ignored once the messages have ended.
    func put(_ message: WebSocketMessage) {
        let waiter = state.withLock { state -> CheckedContinuation<WebSocketMessage?, any Error>? in
            guard state.end == nil else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.messages.append(message)
            state.bytes += message.byteCount
            return nil
        }
        waiter?.resume(returning: message)
    }

    /// Ends the messages: a reader gets what is held, then `end`. Later calls do nothing.
    func finish(_ end: End) {
        let waiter = state.withLock { state -> CheckedContinuation<WebSocketMessage?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = end
            defer { state.waiter = nil }
            return state.waiter
        }
        guard let waiter else { return }
        switch end {
        case .closed: waiter.resume(returning: nil)
        case .failed(let error): waiter.resume(throwing: error)
        }
    }

    /// The next message; `nil` once the closing handshake ended and every message was taken.
    /// - Parameter onCancel: Called, outside the inbox's lock, when the waiting task is cancelled.
    /// - Throws: The ``WebSocketError`` the messages ended with; `CancellationError` when the task
    ///   is cancelled; ``StreamError/alreadyRead`` when another reader is waiting.
    func next(onCancel: @escaping @Sendable () -> Void) async throws -> WebSocketMessage? {
        if let ready = try take() { return ready.message }
        beforeWaiting?()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Looked at again under the lock that installs the waiter: a message or the end
                // that came after `take()` above would otherwise wait for a reader that waits too.
                var wakeConnection = false
                let outcome = state.withLock { state -> Result<WebSocketMessage?, any Error>? in
                    if state.waiter != nil { return .failure(StreamError.alreadyRead) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    do {
                        if let ready = try Self.take(from: &state, limit: limit, wakeConnection: &wakeConnection) {
                            return .success(ready.message)
                        }
                    } catch {
                        return .failure(error)
                    }
                    state.waiter = continuation
                    return nil
                }
                if wakeConnection { onRoom() }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<WebSocketMessage?, any Error>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: CancellationError())
            onCancel()
        }
    }

    /// A message held or the end, when there is one to take now: `.some(message)` (`nil` for the
    /// end of a clean close); `nil` when the reader must wait.
    private func take() throws -> (message: WebSocketMessage?, Void)? {
        var wakeConnection = false
        defer { if wakeConnection { onRoom() } }
        return try state.withLock { state in
            try Self.take(from: &state, limit: limit, wakeConnection: &wakeConnection)
        }
    }

    /// ``take()`` with the lock held; `wakeConnection` turns true when the connection must hear of
    /// room (to be told outside the lock).
    private static func take(from state: inout State, limit: Int, wakeConnection: inout Bool) throws
        -> (message: WebSocketMessage?, Void)?
    {
        if state.head < state.messages.count {
            let message = state.messages[state.head]
            state.head += 1
            state.bytes -= message.byteCount
            if state.head == state.messages.count {
                state.messages.removeAll(keepingCapacity: true)
                state.head = 0
            } else if state.head >= 64 && state.head * 2 >= state.messages.count {
                state.messages.removeFirst(state.head)
                state.head = 0
            }
            if state.isHoldingBack && state.bytes <= limit / 2 {
                state.isHoldingBack = false
                wakeConnection = true
            }
            return (message, ())
        }
        switch state.end {
        case nil: return nil
        case .closed?: return (nil, ())
        case .failed(let error)?: throw error
        }
    }
}

extension WebSocketMessage {
    /// The bytes of the payload, as counted against buffer limits.
    var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }
}
