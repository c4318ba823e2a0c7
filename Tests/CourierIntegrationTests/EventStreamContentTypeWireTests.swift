import Courier
import CourierTestSupport
import XCTest

/// An event stream request answered with another `Content-Type` (`scripts/sse-server.py`'s
/// `/script?type=…`) fails with ``StreamError/notAnEventStream(contentType:)`` over both
/// transports, instead of ending with no event.
final class EventStreamContentTypeWireTests: XCTestCase {
    private var transports: [(name: String, transport: any HTTPTransport)] { StreamTransports.both }

    private func target(contentType: String) throws -> HTTPBinTarget {
        var parameters: [String: any Sendable] = ["type": contentType]
        for item in SSEServer.scriptQuery([Array("data: {\"error\": \"quota\"}\n\n".utf8)]) {
            parameters[item.name] = item.value
        }
        return HTTPBinTarget(
            try SSEServer.baseURL(), "/script",
            task: .requestParameters(parameters: parameters, encoding: URLEncoding.queryString),
            validationType: .successCodes)
    }

    func test_jsonAnswerToAnEventStreamRequest_failsWithNotAnEventStream() async throws {
        for (name, transport) in transports {
            // Given
            let stream = try await Provider<HTTPBinTarget>(transport: transport)
                .stream(try target(contentType: "application/json"))
            // When
            do {
                let events = try await stream.events.collect()
                XCTFail("\(name): expected notAnEventStream, got \(events)")
            } catch {
                // Then
                guard case .underlying(let underlying, _) = error as? CourierError else {
                    return XCTFail("\(name): got \(error)")
                }
                XCTAssertEqual(underlying as? StreamError, .notAnEventStream(contentType: "application/json"), name)
            }
        }
    }

    func test_eventStreamWithACharset_isRead() async throws {
        for (name, transport) in transports {
            // When
            let events = try await Provider<HTTPBinTarget>(transport: transport)
                .stream(try target(contentType: "text/event-stream; charset=utf-8")).events.collect()
            // Then
            XCTAssertEqual(events.map(\.data), ["{\"error\": \"quota\"}"], name)
        }
    }
}
