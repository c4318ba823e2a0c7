import CourierTestSupport
import XCTest

@testable import Courier

final class DecodedEventSequenceTests: XCTestCase {
    private struct Delta: Decodable, Equatable {
        let t: String
    }

    func test_decode_untilTheSentinel_endsThereAndStopsTheTransfer() async throws {
        // Given
        let fed = FedStream()
        let terminated = expectation(description: "the transfer was stopped")
        fed.writer.onTermination { terminated.fulfill() }
        fed.send(
            ["data: {\"t\":\"Hel\"}\n\ndata: {\"t\":\"lo\"}\n\ndata: [DONE]\n\ndata: {\"t\":\"x\"}\n\n"],
            finishing: false)
        // When
        let deltas = try await fed.stream.events.decode(Delta.self, until: "[DONE]").collect()
        // Then
        XCTAssertEqual(deltas, [Delta(t: "Hel"), Delta(t: "lo")])
        await fulfillment(of: [terminated], timeout: 5)
        guard case .completed = fed.summaries.value.first?.outcome else { return XCTFail("expected .completed") }
        XCTAssertEqual(fed.summaries.value.first?.events, 3)
    }

    func test_decode_withoutSentinel_endsWithTheBody() async throws {
        // Given
        let fed = FedStream()
        fed.send(["data: {\"t\":\"a\"}\n\n", "data: {\"t\":\"b\"}\n\n"])
        // When
        let deltas = try await fed.stream.events.decode(Delta.self).collect()
        // Then
        XCTAssertEqual(deltas, [Delta(t: "a"), Delta(t: "b")])
    }

    func test_eventThatDoesNotDecode_throwsObjectMapping_withTheEventsDataAndTheHead() async {
        // Given
        let fed = FedStream(status: 200)
        fed.send(["data: {\"t\":\"a\"}\n\ndata: not json\n\n"])
        // When
        do {
            for try await _ in fed.stream.events.decode(Delta.self) {}
            XCTFail("expected objectMapping")
        } catch {
            // Then
            guard case .objectMapping(let underlying, let response) = error else { return XCTFail("got \(error)") }
            XCTAssertTrue(underlying is DecodingError)
            XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "not json")
            XCTAssertEqual(response.statusCode, 200)
        }
    }
}
