import Courier
import CourierTestSupport
import XCTest

/// A `103 Early Hints` head before the real one (`scripts/sse-server.py`'s `/events/early-hints`):
/// the stream's head is the final response, and its body is read, over both transports.
final class StreamInformationalHeadWireTests: XCTestCase {
    private var transports: [(name: String, transport: any HTTPTransport)] { StreamTransports.both }

    func test_earlyHintsBeforeTheHead_streamsTheFinalResponse() async throws {
        for (transportName, transport) in transports {
            for validation in [ValidationType.none, .successCodes] {
                try await assertStreamsTheFinalResponse(over: transport, validation, "\(transportName), \(validation)")
            }
        }
    }

    private func assertStreamsTheFinalResponse(
        over transport: any HTTPTransport, _ validation: ValidationType, _ name: String
    ) async throws {
        // Given
        let provider = Provider<HTTPBinTarget>(transport: transport)
        let target = HTTPBinTarget(try SSEServer.baseURL(), "/events/early-hints", validationType: validation)
        // When: read, giving up after 10 s rather than hang the suite
        let reading = Task { () -> (Int, [String]) in
            let stream = try await provider.stream(target)
            var events: [String] = []
            for try await event in stream.events { events.append(event.data) }
            return (stream.response.statusCode, events)
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(10))
            reading.cancel()
        }
        let result = await reading.result
        watchdog.cancel()
        // Then
        guard case .success(let (status, events)) = result else { return XCTFail("\(name): \(result)") }
        XCTAssertEqual(status, 200, name)
        XCTAssertEqual(events, ["one", "two"], name)
    }
}
