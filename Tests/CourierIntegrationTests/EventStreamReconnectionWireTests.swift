import Courier
import CourierTestSupport
import XCTest

/// Reconnecting over the wire, over both transports (`scripts/sse-server.py`'s
/// `/events/silent-reconnect`): a reconnection whose server never answers is still cancellable.
final class EventStreamReconnectionWireTests: XCTestCase {
    private var transports: [(name: String, transport: any HTTPTransport)] { StreamTransports.both }

    func test_cancellingWhileAReconnectionWaitsForItsHead_endsAtOnceWithCancelled() async throws {
        for (name, transport) in transports {
            // Given: the first connection gives one event and drops; the reconnection gets no answer
            let provider = Provider<HTTPBinTarget>(transport: transport)
            let tag = SSEServer.newTag()
            let base = try SSEServer.baseURL()
            let target = HTTPBinTarget(
                base, "/events/silent-reconnect",
                task: .requestParameters(parameters: ["tag": tag], encoding: URLEncoding.queryString),
                validationType: .successCodes)
            let events = Locked(0)
            let reading = Task {
                let stream = try await provider.stream(target)
                for try await _ in stream.events(reconnecting: ReconnectionPolicy(initialDelay: .milliseconds(10))) {
                    events.withLock { $0 += 1 }
                }
            }
            let stats = try await SSEServer.waitForStats(tag, at: base) { $0.lastEventIDs.count >= 2 }
            XCTAssertEqual(stats.lastEventIDs, [nil, "1"], name)
            // When
            let start = ContinuousClock.now
            reading.cancel()
            let result = await reading.result
            // Then
            XCTAssertLessThan(ContinuousClock.now - start, .seconds(2), name)
            guard case .failure(let error) = result else { return XCTFail("\(name): the stream ended") }
            XCTAssertEqual((error as? CourierError)?.isCancelled, true, "\(name): \(error)")
            XCTAssertEqual(events.value, 1, name)
        }
    }
}
