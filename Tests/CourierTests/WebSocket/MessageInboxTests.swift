import Foundation
import XCTest

@testable import Courier

/// The inbox between a WebSocket's connection thread and the task reading `messages`. A message
/// (or the end) that arrived after the reader found the inbox empty, but before it waited, was
/// kept, and the reader waited for ever: the conformance case 9.7 stalled 3 times in 32 under
/// load. `beforeWaiting` puts it exactly there.
final class MessageInboxTests: XCTestCase {
    /// The reader's next message, or a failure after `seconds` (the task is cancelled then).
    private func next(from inbox: MessageInbox, within seconds: Int = 10) async throws -> WebSocketMessage? {
        try await withThrowingTaskGroup(of: WebSocketMessage?.self) { group in
            group.addTask { try await inbox.next(onCancel: {}) }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw WebSocketError.connectionLost("the reader was never woken")
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    func test_messagePutAsTheReaderIsAboutToWait_reachesTheReader() async throws {
        let box = LockedValue<MessageInbox?>(nil)
        let inbox = MessageInbox(
            limit: 1 << 20, onRoom: {}, beforeWaiting: { box.withLock { $0 }?.put(.text("late")) })
        box.withLock { $0 = inbox }

        let message = try await next(from: inbox)

        XCTAssertEqual(message, .text("late"))
    }

    func test_endAsTheReaderIsAboutToWait_endsTheReader() async throws {
        let box = LockedValue<MessageInbox?>(nil)
        let inbox = MessageInbox(
            limit: 1 << 20, onRoom: {}, beforeWaiting: { box.withLock { $0 }?.finish(.failed(.pongTimedOut)) })
        box.withLock { $0 = inbox }

        do {
            _ = try await next(from: inbox)
            XCTFail("the messages ended with an error")
        } catch {
            XCTAssertEqual(error as? WebSocketError, .pongTimedOut)
        }
    }

    func test_manyMessagesFromAnotherThread_allArriveInOrder() async throws {
        let inbox = MessageInbox(limit: 1 << 20, onRoom: {})
        let producer = Thread {
            for number in 0..<5000 { inbox.put(.text("\(number)")) }
            inbox.finish(.closed)
        }
        producer.start()
        var received: [String] = []
        while let message = try await next(from: inbox) { received.append(message.text ?? "") }
        XCTAssertEqual(received, (0..<5000).map { "\($0)" })
    }
}
