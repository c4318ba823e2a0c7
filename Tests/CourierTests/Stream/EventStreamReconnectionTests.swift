import CourierTestSupport
import CourierTesting
import XCTest

@testable import Courier

final class EventStreamReconnectionTests: XCTestCase {
    func test_droppedConnection_reconnectsAfterTheServersRetry_withTheLastEventID() async throws {
        // Given
        let clock = ManualClock()
        let server = ScriptedReconnections([.body(["id: 3\ndata: c\n\n"])])
        let fed = FedStream(reconnect: server.reconnect)
        fed.send(
            ["retry: 500\nid: 1\ndata: a\n\nid: 2\ndata: b\n\nid: 9\ndata: cut off"],
            error: URLError(.networkConnectionLost))
        let policy = ReconnectionPolicy(clock: clock)
        let reading = Task { try await fed.stream.events(reconnecting: policy).collect() }
        // When
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(499))
        XCTAssertEqual(server.lastEventIDs, [], "still waiting for the server's retry time")
        clock.advance(by: .milliseconds(1))
        let events = try await reading.value
        // Then
        XCTAssertEqual(events.map(\.data), ["a", "b", "c"])
        XCTAssertEqual(events.map(\.id), ["1", "2", "3"])
        XCTAssertEqual(server.lastEventIDs, ["2"])
        XCTAssertEqual(fed.summaries.value.first?.reconnections, 1)
        XCTAssertEqual(fed.summaries.value.count, 1)
    }

    func test_failingReconnections_waitLongerEachTime_upToTheMaximum_thenThrowTheLastError() async throws {
        // Given
        let clock = ManualClock()
        let server = ScriptedReconnections([
            .failure(URLError(.cannotConnectToHost)), .failure(URLError(.cannotConnectToHost)),
            .failure(URLError(.timedOut)),
        ])
        let fed = FedStream(reconnect: server.reconnect)
        fed.send(["data: a\n\n"], error: URLError(.networkConnectionLost))
        let policy = ReconnectionPolicy(
            maximumAttempts: 3, initialDelay: .seconds(1), maximumDelay: .milliseconds(1500), clock: clock)
        let reading = Task { () throws -> [ServerSentEvent] in
            var events: [ServerSentEvent] = []
            for try await event in fed.stream.events(reconnecting: policy) { events.append(event) }
            return events
        }
        // When / Then: 1 s, then 2 s capped at 1.5 s, then 1.5 s
        for (attempt, delay) in [(1, 1000), (2, 1500), (3, 1500)] {
            await clock.waitForSleepers(1)
            clock.advance(by: .milliseconds(delay - 1))
            XCTAssertEqual(server.attempts, attempt - 1, "attempt \(attempt) waits \(delay) ms")
            clock.advance(by: .milliseconds(1))
            try await waitForStreamCondition { server.attempts == attempt }
        }
        do {
            _ = try await reading.value
            XCTFail("expected the last error")
        } catch {
            guard case .underlying(let underlying, _) = error as? CourierError else { return XCTFail("got \(error)") }
            XCTAssertEqual((underlying as? URLError)?.code, .timedOut)
        }
        guard case .failed = fed.summaries.value.first?.outcome else { return XCTFail("expected .failed") }
    }

    func test_reconnectionRefusedWithAStatus_endsAtOnceWithStatusCode() async throws {
        // Given
        let server = ScriptedReconnections([.status(503)])
        let fed = FedStream(reconnect: server.reconnect)
        fed.send(["data: a\n\n"], error: URLError(.networkConnectionLost))
        let policy = ReconnectionPolicy(initialDelay: .zero)
        // When
        do {
            _ = try await fed.stream.events(reconnecting: policy).collect()
            XCTFail("expected statusCode")
        } catch {
            // Then
            guard case .statusCode(let response) = error as? CourierError else { return XCTFail("got \(error)") }
            XCTAssertEqual(response.statusCode, 503)
            XCTAssertEqual(server.attempts, 1)
        }
    }

    func test_reconnectionAnswered204_endsTheStreamNormally() async throws {
        // Given
        let server = ScriptedReconnections([.noContent])
        let fed = FedStream(reconnect: server.reconnect)
        fed.send(["data: a\n\n"], error: URLError(.networkConnectionLost))
        // When
        let events = try await fed.stream.events(reconnecting: ReconnectionPolicy(initialDelay: .zero)).collect()
        // Then
        XCTAssertEqual(events.map(\.data), ["a"])
        guard case .completed = fed.summaries.value.first?.outcome else { return XCTFail("expected .completed") }
    }

    func test_firstConnectionAnswered204_endsTheStream_evenWhenAnEndedBodyWouldReconnect() async throws {
        // Given: the server says "do not reconnect" from the start
        let server = ScriptedReconnections([.body(["data: b\n\n"])])
        let fed = FedStream(status: 204, reconnect: server.reconnect)
        fed.send([])
        let policy = ReconnectionPolicy(initialDelay: .zero, reconnectsAfterEnd: true)
        // When
        let events = try await fed.stream.events(reconnecting: policy).collect()
        // Then
        XCTAssertEqual(events, [])
        XCTAssertEqual(server.attempts, 0)
        guard case .completed = fed.summaries.value.first?.outcome else { return XCTFail("expected .completed") }
    }

    func test_withoutAPolicy_orWithoutAWayToReconnect_aDroppedConnectionFails() async throws {
        for (policy, canReconnect) in [(nil, true), (ReconnectionPolicy(initialDelay: .zero), false)] {
            // Given
            let server = ScriptedReconnections([.body(["data: b\n\n"])])
            let fed = FedStream(reconnect: canReconnect ? server.reconnect : nil)
            fed.send(["data: a\n\n"], error: URLError(.networkConnectionLost))
            // When
            do {
                _ = try await fed.stream.events(reconnecting: policy).collect()
                XCTFail("expected the dropped connection's error")
            } catch {
                // Then
                XCTAssertEqual(server.attempts, 0)
                guard case .underlying(let underlying, _) = error as? CourierError else { return XCTFail("\(error)") }
                XCTAssertEqual((underlying as? URLError)?.code, .networkConnectionLost)
            }
        }
    }

    func test_cleanEnd_reconnectsOnlyWhenThePolicySaysSo() async throws {
        // Given
        let server = ScriptedReconnections([.body(["data: b\n\n"]), .noContent])
        let fed = FedStream(reconnect: server.reconnect)
        fed.send(["data: a\n\n"])
        let policy = ReconnectionPolicy(initialDelay: .zero, reconnectsAfterEnd: true)
        // When
        let events = try await fed.stream.events(reconnecting: policy).collect()
        // Then
        XCTAssertEqual(events.map(\.data), ["a", "b"])
        XCTAssertEqual(server.attempts, 2)
    }

    func test_cancellingDuringTheWait_endsAtOnceWithCancelled() async throws {
        // Given
        let clock = ManualClock()
        let server = ScriptedReconnections([.body(["data: b\n\n"])])
        let fed = FedStream(reconnect: server.reconnect)
        fed.send(["data: a\n\n"], error: URLError(.networkConnectionLost))
        let policy = ReconnectionPolicy(clock: clock)
        let reading = Task { try await fed.stream.events(reconnecting: policy).collect() }
        await clock.waitForSleepers(1)
        // When
        reading.cancel()
        // Then
        do {
            _ = try await reading.value
            XCTFail("expected a cancellation")
        } catch {
            XCTAssertEqual((error as? CourierError)?.isCancelled, true)
            XCTAssertEqual(server.attempts, 0)
        }
    }

    func test_cancel_duringTheWaitBeforeReconnecting_endsAtOnceWithCancelled() async throws {
        // Given
        let clock = ManualClock()
        let server = ScriptedReconnections([.body(["data: b\n\n"])])
        let fed = FedStream(reconnect: server.reconnect)
        fed.send(["data: a\n\n"], error: URLError(.networkConnectionLost))
        let stream = fed.stream
        let outcome = Locked<CourierError?>(nil)
        let reading = Task {
            do throws(CourierError) {
                for try await _ in stream.events(reconnecting: ReconnectionPolicy(clock: clock)) {}
            } catch {
                outcome.withLock { $0 = error }
            }
        }
        await clock.waitForSleepers(1)
        // When
        stream.cancel()
        // Then
        try await waitForStreamCondition { outcome.value != nil }
        XCTAssertEqual(outcome.value?.isCancelled, true)
        XCTAssertEqual(server.attempts, 0)
        reading.cancel()
    }

    func test_cancel_afterAReconnection_stopsTheNewConnection_andReadingThrowsCancelled() async throws {
        // Given: the reconnection stays open after its first event
        let reconnected = Locked<ResponseBodyStream.Writer?>(nil)
        let fed = FedStream { _, monitor in
            let next = FedStream(status: 200, monitor: monitor, reconnect: nil)
            next.send(["data: b\n\n"], finishing: false)
            reconnected.withLock { $0 = next.writer }
            return next.stream
        }
        fed.send(["data: a\n\n"], error: URLError(.networkConnectionLost))
        let stream = fed.stream
        let events = Locked<[String]>([])
        let outcome = Locked<CourierError?>(nil)
        let reading = Task {
            do throws(CourierError) {
                for try await event in stream.events(reconnecting: ReconnectionPolicy(initialDelay: .zero)) {
                    events.withLock { $0.append(event.data) }
                }
            } catch {
                outcome.withLock { $0 = error }
            }
        }
        try await waitForStreamCondition { events.value == ["a", "b"] }
        // When
        stream.cancel()
        // Then
        try await waitForStreamCondition { outcome.value != nil }
        XCTAssertEqual(reconnected.value?.isTerminated, true, "the new connection goes on")
        XCTAssertEqual(outcome.value?.isCancelled, true)
        reading.cancel()
    }

    func test_delay_usesTheServersRetry_doublesPerFailure_andStopsAtTheMaximum() {
        // Given
        let policy = ReconnectionPolicy(initialDelay: .seconds(3), maximumDelay: .seconds(10))
        // Then
        XCTAssertEqual(policy.delay(attempt: 1, serverRetry: nil), .seconds(3))
        XCTAssertEqual(policy.delay(attempt: 2, serverRetry: nil), .seconds(6))
        XCTAssertEqual(policy.delay(attempt: 3, serverRetry: nil), .seconds(10))
        XCTAssertEqual(policy.delay(attempt: 1, serverRetry: .milliseconds(200)), .milliseconds(200))
        XCTAssertEqual(policy.delay(attempt: 99, serverRetry: .milliseconds(200)), .seconds(10))
    }
}
