import Courier
import CourierTestSupport
import CourierTesting
import XCTest

// The Streaming article's code, line for line.
private enum Chat: TargetType, Equatable {
    case chat(String)
    case export

    var baseURL: URL { URL(string: "https://llm.example.com")! }
    var path: String { self == .export ? "/export" : "/chat" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
}

private struct Delta: Decodable {
    let text: String
}

private struct Row: Decodable, Equatable {
    let id: Int
}

private struct ChatError: Error {
    let message: String
}

final class StreamingArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/Streaming.md", by: #filePath)
    }

    private func stubbed(_ script: StreamScript) -> Provider<Chat> {
        Provider(stubs: Stubs<Chat>(unmatched: .stream(script), delays: .skipped))
    }

    func test_overview_decodesDeltasUntilDone() async throws {
        // Given
        let provider = stubbed(
            .events([
                ServerSentEvent(data: #"{"text": "Hel"}"#), ServerSentEvent(data: #"{"text": "lo"}"#),
                ServerSentEvent(data: "[DONE]"),
            ]))
        let prompt = "Say hello"
        var answer = ""
        // When
        let stream = try await provider.stream(.chat(prompt))
        let status = stream.response.statusCode
        for try await delta in stream.events.decode(Delta.self, until: "[DONE]") {
            answer += delta.text
        }
        // Then
        XCTAssertEqual(status, 200)
        XCTAssertEqual(answer, "Hello")
    }

    func test_readingEvents_byType_throwsOnAnErrorEvent() async throws {
        // Given
        let provider = stubbed(
            .events([
                ServerSentEvent(event: "delta", data: "Hi"), ServerSentEvent(event: "ping", data: "{}"),
                ServerSentEvent(event: "error", data: "overloaded"),
            ]))
        var answer = ""
        let stream = try await provider.stream(.chat("hi"))
        // When
        do {
            for try await event in stream.events {
                switch event.event {
                case "delta": answer += event.data
                case "error": throw ChatError(message: event.data)
                default: continue
                }
            }
            XCTFail("expected the error event")
        } catch let error as ChatError {
            // Then
            XCTAssertEqual(answer, "Hi")
            XCTAssertEqual(error.message, "overloaded")
        }
    }

    func test_limits_jsonLinesWithALargerLimit() async throws {
        // Given
        let stream = try await stubbed(.chunks(["{\"id\": 1}\n{\"id\"", ": 2}\n"])).stream(.export)
        var rows: [Row] = []
        // When
        for try await row in stream.jsonLines(Row.self, maximumLineLength: 8 << 20) { rows.append(row) }
        // Then
        XCTAssertEqual(rows, [Row(id: 1), Row(id: 2)])
    }

    func test_reconnecting_afterADrop_resumesWithTheLastEventID() async throws {
        // Given: the first connection drops after event 1, the second sends event 2
        let stubs = Stubs<Chat>(delays: .skipped)
        stubs.on(
            .chat("feed"),
            .stream(.events([ServerSentEvent(id: "1", data: "one", retry: .milliseconds(10))]).droppingConnection()),
            .stream(.events([ServerSentEvent(id: "2", data: "two")])))
        let seen = Locked<[String?]>([])
        let provider = Provider(stubs: stubs, plugins: [LastEventIDRecorder(seen: seen)])
        let stream = try await provider.stream(.chat("feed"))
        var feed: [String] = []
        // When
        for try await event in stream.events(reconnecting: .default) {
            feed.append(event.data)
        }
        // Then
        XCTAssertEqual(feed, ["one", "two"])
        XCTAssertEqual(seen.value, [nil, "1"])
    }

    func test_testing_scriptedEventsOnAManualClock() async throws {
        // Given
        let clock = ManualClock()
        let stubs = Stubs<Chat>(delays: .manual(clock))
        let events = [ServerSentEvent(data: "Hel"), ServerSentEvent(data: "lo")]
        stubs.on(.chat("hi"), .stream(.events(events, every: .seconds(1))))
        let chat = Provider(stubs: stubs)
        // When
        var reading = try await chat.stream(.chat("hi")).events.makeAsyncIterator()
        let first = try await reading.next()
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        let second = try await reading.next()
        // Then
        XCTAssertEqual([first?.data, second?.data], ["Hel", "lo"])
        let whole = try await chat.request(.chat("hi"))
        XCTAssertEqual(
            String(decoding: whole.data, as: UTF8.self), "data: Hel\n\ndata: lo\n\n",
            "a plain request gets the body whole")
    }
}

/// Records the `Last-Event-ID` each attempt sends.
private struct LastEventIDRecorder: SynchronousPlugin {
    let seen: Locked<[String?]>

    func willSend(_ request: any RequestType, target: any TargetType) {
        seen.append(request.request?.value(forHTTPHeaderField: "Last-Event-ID"))
    }
}
