import Courier
import CourierTestSupport
import CourierTesting
import XCTest

/// `Provider.stream` on stubs: scripted streams on a virtual clock, through the whole pipeline.
final class StreamStubsTests: XCTestCase {
    private let deltas = [ServerSentEvent(data: #"{"text":"Hel"}"#), ServerSentEvent(data: #"{"text":"lo"}"#)]

    func test_scriptedStream_onAManualClock_deliversEachEventOnlyWhenTheClockMoves() async throws {
        // Given
        let clock = ManualClock()
        let stubs = Stubs<ShopAPI>(delays: .manual(clock))
            .on(.product(id: 1), .stream(.events(deltas, every: .seconds(1))))
        let provider = Provider(stubs: stubs)
        // When
        let stream = try await provider.stream(.product(id: 1))
        var events = stream.events.makeAsyncIterator()
        let first = try await events.next()
        await clock.waitForSleepers(1)
        let second = Task { try await events.next() }
        try await Task.sleep(for: .milliseconds(20))
        XCTAssertEqual(clock.sleeperCount, 1, "the second event waits for the clock")
        clock.advance(by: .seconds(1))
        // Then
        XCTAssertEqual(first?.data, #"{"text":"Hel"}"#)
        let secondEvent = try await second.value
        XCTAssertEqual(secondEvent?.data, #"{"text":"lo"}"#)
        XCTAssertEqual(stream.response.statusCode, 200)
        XCTAssertEqual(stream.response.response?.value(forHTTPHeaderField: "Content-Type"), "text/event-stream")
    }

    func test_scriptedStream_forAPlainRequest_isTheWholeBody() async throws {
        // Given
        let stubs = Stubs<ShopAPI>(delays: .skipped).on(
            .product(id: 1), .stream(.chunks(["a", "b"], every: .seconds(9))))
        // When
        let response = try await Provider(stubs: stubs).request(.product(id: 1))
        // Then
        XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "ab")
    }

    func test_plainStub_streamsTheSampleAsOneChunk() async throws {
        // Given
        let stubs = Stubs<ShopAPI>().on(.product(id: 2), .string("line one\nline two"))
        // When
        let lines = try await Provider(stubs: stubs).stream(.product(id: 2)).lines.collect()
        // Then
        XCTAssertEqual(lines, ["line one", "line two"])
    }

    func test_failedHeadThenStream_retriesBeforeTheFirstByte() async throws {
        // Given: the first attempt's head is a 503, which a plugin fails and another retries
        let stubs = Stubs<ShopAPI>(delays: .skipped)
            .on(.product(id: 3), .status(503), .stream(.chunks(["data: ok\n\n"])))
        let provider = Provider(stubs: stubs, plugins: [RetryOncePlugin(), RefuseServerErrors()])
        // When
        let stream = try await provider.stream(.product(id: 3))
        let events = try await stream.events.collect()
        // Then
        XCTAssertEqual(events.map(\.data), ["ok"])
    }

    func test_refusedStatus_failsWithStatusCode_andTheStartOfTheBody() async throws {
        // Given
        struct Validated: TargetType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/events" }
            var method: HTTPMethod { .get }
            var task: HTTPTask { .requestPlain }
            var validationType: ValidationType { .successCodes }
        }
        let stubs = Stubs<Validated>(
            unmatched: .stream(StreamScript.chunks(["down ", "for maintenance"]).withStatus(503)))
        // When
        do {
            _ = try await Provider(stubs: stubs).stream(Validated())
            XCTFail("expected statusCode")
        } catch {
            // Then
            guard case .statusCode(let response) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(response.statusCode, 503)
            XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "down for maintenance")
        }
    }
}

/// Fails every 5xx response, so that `RetryOncePlugin` retries it.
private struct RefuseServerErrors: PluginType {
    func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<Response, CourierError> {
        if case .success(let response) = result, response.statusCode >= 500 { return .failure(.statusCode(response)) }
        return result
    }
}
