import Courier
import CourierTestSupport
import CourierTesting
import XCTest

final class StreamScriptTests: XCTestCase {
    private let url = URL(string: "https://api.example.com/chat")!

    func test_eventsEverySecond_arriveOnlyAsTheManualClockMoves() async throws {
        // Given
        let clock = ManualClock()
        let script = StreamScript.events(
            [ServerSentEvent(data: "one"), ServerSentEvent(data: "two")], every: .seconds(1))
        let played = try script.play(for: url, on: clock)
        var events = StreamedResponse(response: Response(statusCode: 200, data: Data()), body: played.body)
            .events.makeAsyncIterator()
        // When
        let first = try await events.next()
        await clock.waitForSleepers(1)
        let waiting = Task { try await events.next() }
        try await Task.sleep(for: .milliseconds(20))
        clock.advance(by: .seconds(1))
        let second = try await waiting.value
        // Then
        XCTAssertEqual(first?.data, "one")
        XCTAssertEqual(second?.data, "two")
        XCTAssertEqual(played.response.value(forHTTPHeaderField: "Content-Type"), "text/event-stream")
    }

    func test_droppingConnection_failsTheReadAfterTheChunks() async throws {
        // Given
        let script = StreamScript.chunks(["a", "b"]).droppingConnection()
        let played = try script.play(for: url)
        var chunks: [String] = []
        // When
        do {
            for try await chunk in played.body { chunks.append(String(decoding: chunk, as: UTF8.self)) }
            XCTFail("expected the dropped connection")
        } catch {
            // Then
            XCTAssertEqual(chunks, ["a", "b"])
            XCTAssertEqual((error as? URLError)?.code, .networkConnectionLost)
        }
    }

    func test_readerLeaving_stopsThePlayer() async throws {
        // Given
        let clock = ManualClock()
        let played = try StreamScript.chunks(["a", "b"], every: .seconds(60)).play(for: url, on: clock)
        // When
        for try await _ in played.body { break }
        // Then
        await clock.waitForSleepers(0)
        for _ in 0..<100 where clock.sleeperCount > 0 { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(clock.sleeperCount, 0, "the player's wait was cancelled")
    }

    func test_body_isEveryChunkJoined_andJSONLinesAreNDJSON() throws {
        // Given
        struct Row: Encodable {
            let id: Int
            let name: String
        }
        // When
        let script = try StreamScript.jsonLines([Row(id: 1, name: "a"), Row(id: 2, name: "b")])
        // Then
        XCTAssertEqual(
            String(decoding: script.body, as: UTF8.self), "{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"b\"}\n")
        XCTAssertEqual(script.headers["Content-Type"], "application/x-ndjson")
        XCTAssertEqual(script.withStatus(201).withHeaders(["content-type": "x/y"]).headers, ["content-type": "x/y"])
    }
}
