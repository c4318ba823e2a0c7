import CourierTestSupport
import XCTest

@testable import Courier

/// A response that says it is something other than an event stream is refused with a clear error,
/// as a browser's `EventSource` refuses it, instead of reading it as events: a JSON error body or a
/// captive portal's page would otherwise end the loop cleanly, with no event and no word why.
final class EventStreamContentTypeTests: XCTestCase {
    func test_headDeclaringAnotherContentType_throwsNotAnEventStream_andStopsTheTransfer() async throws {
        // Given: a 200 whose body is a JSON error, and stays open
        let fed = FedStream(headers: ["Content-Type": "application/json"])
        let terminated = Locked(false)
        fed.writer.onTermination { terminated.withLock { $0 = true } }
        fed.send(["{\"error\": \"data: not an event\"}\n\n"], finishing: false)
        let outcome = Locked<Result<[ServerSentEvent], CourierError>?>(nil)
        let stream = fed.stream
        // When
        let reading = Task {
            do throws(CourierError) {
                var events: [ServerSentEvent] = []
                for try await event in stream.events { events.append(event) }
                outcome.withLock { $0 = .success(events) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
        }
        try await waitForStreamCondition { outcome.value != nil }
        reading.cancel()
        // Then
        guard case .failure(.underlying(let underlying, let response)) = outcome.value else {
            return XCTFail("expected notAnEventStream, got \(String(describing: outcome.value))")
        }
        XCTAssertEqual(underlying as? StreamError, .notAnEventStream(contentType: "application/json"))
        XCTAssertEqual(response?.statusCode, 200)
        XCTAssertTrue("\(underlying)".contains("application/json"), "\(underlying)")
        XCTAssertTrue(terminated.value)
        guard case .failed = fed.summaries.value.first?.outcome else { return XCTFail("expected .failed") }
    }

    func test_decodedEvents_fromAnotherContentType_throwNotAnEventStream() async {
        // Given
        let fed = FedStream(headers: ["Content-Type": "text/html; charset=utf-8"])
        fed.send(["<html>data: 1\n\n</html>"])
        // When / Then
        do {
            _ = try await fed.stream.events.decode(Int.self).collect()
            XCTFail("expected notAnEventStream")
        } catch {
            guard case .underlying(let underlying, _) = error as? CourierError else { return XCTFail("got \(error)") }
            XCTAssertEqual(underlying as? StreamError, .notAnEventStream(contentType: "text/html; charset=utf-8"))
        }
    }

    func test_eventStreamWithParametersOrAnyCase_orNoContentTypeAtAll_isRead() async throws {
        for headers in [
            ["Content-Type": "text/event-stream"], ["Content-Type": "Text/Event-Stream ; charset=utf-8"],
            [:],
        ] {
            // Given
            let fed = FedStream(headers: headers)
            fed.send(["data: a\n\n"])
            // When
            let events = try await fed.stream.events.collect()
            // Then
            XCTAssertEqual(events.map(\.data), ["a"], "\(headers)")
        }
    }

    func test_reconnectionAnsweredWithAnotherContentType_endsAtOnceWithNotAnEventStream() async throws {
        // Given: the reconnection reaches a login page
        let server = ScriptedReconnections([.typedBody("text/html", ["<html>data: b\n\n</html>"])])
        let fed = FedStream(headers: ["Content-Type": "text/event-stream"], reconnect: server.reconnect)
        fed.send(["id: 1\ndata: a\n\n"], error: URLError(.networkConnectionLost))
        var events: [ServerSentEvent] = []
        // When
        do {
            for try await event in fed.stream.events(reconnecting: ReconnectionPolicy(initialDelay: .zero)) {
                events.append(event)
            }
            XCTFail("expected notAnEventStream")
        } catch {
            // Then
            guard case .underlying(let underlying, _) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(underlying as? StreamError, .notAnEventStream(contentType: "text/html"))
        }
        XCTAssertEqual(events.map(\.data), ["a"])
        XCTAssertEqual(server.attempts, 1, "a refused answer is not tried again")
    }
}
