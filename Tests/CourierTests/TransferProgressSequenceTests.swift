import Courier
import CourierTestSupport
import Foundation
import XCTest

/// The async progress API: `Provider.requestWithProgress(_:)` and its `ProgressSequence`.
final class TransferProgressSequenceTests: XCTestCase {
    private typealias Helpers = TransferProgressTests

    func test_progressSequence_yieldsRisingEventsThenTheFinalOne_andResponseIsTheSame() async throws {
        // Given: a transfer that reports its next step once the reader has seen the previous one
        let seen = Locked<[ProgressResponse]>([])
        let transport = ScriptedTransport { request in
            for step in [Int64(1000), 2000, 3000] {
                request.progress?(TransferProgress(direction: .download, completedBytes: step, totalBytes: 4000))
                await waitUntil { seen.value.last?.completedUnitCount == step }
            }
            return try ScriptedTransport.ok(request, data: Data(count: 4000))
        }
        let transfer = Provider<TransferTarget>(transport: transport)
            .requestWithProgress(TransferTarget(task: .requestPlain))

        // When
        for try await event in transfer {
            seen.append(event)
        }
        let response = try await transfer.response

        // Then
        XCTAssertEqual(seen.value.map(\.progress), [0.25, 0.5, 0.75, 1])
        XCTAssertEqual(seen.value.map(\.completed), [false, false, false, true])
        XCTAssertTrue(seen.value.last?.response === response)
    }

    func test_progressSequence_failure_throwsTheCourierError() async {
        // Given
        let transport = ScriptedTransport { _ in throw URLError(.timedOut) }
        let transfer = Provider<TransferTarget>(transport: transport)
            .requestWithProgress(TransferTarget(task: .requestPlain))

        // When
        var thrown: CourierError?
        do {
            for try await _ in transfer {}
        } catch {
            thrown = error
        }

        // Then
        XCTAssertEqual((thrown?.underlyingError as? URLError)?.code, .timedOut)
        await assertThrowsCourierError(try await transfer.response)
    }

    func test_progressSequence_startsWhenIterated_andRunsOnceForIterationAndResponse() async throws {
        // Given
        let transport = ScriptedTransport()
        let transfer = Provider<TransferTarget>(transport: transport)
            .requestWithProgress(TransferTarget(task: .requestPlain))
        XCTAssertEqual(transport.sentCount, 0)

        // When
        _ = try await transfer.response
        for try await _ in transfer {}
        _ = try await transfer.response

        // Then
        XCTAssertEqual(transport.sentCount, 1)
    }

    func test_progressSequence_cancellingTheIteratingTask_cancelsTheRequest() async {
        // Given
        let transport = Helpers.waitingUntilCancelled()
        let plugin = CountingPlugin()
        let transfer = Provider<TransferTarget>(transport: transport, plugins: [plugin])
            .requestWithProgress(TransferTarget(task: .requestPlain))
        let consumer = Task { () -> [ProgressResponse] in
            var events: [ProgressResponse] = []
            for try await event in transfer { events.append(event) }
            return events
        }

        // When
        await waitUntil { transport.sentCount > 0 }
        consumer.cancel()
        let result = await consumer.result

        // Then
        guard case .failure(let error) = result else { return XCTFail("the iteration did not fail") }
        XCTAssertTrue((error as? CourierError)?.isCancelled ?? false)
        await assertThrowsCourierError(try await transfer.response) { XCTAssertTrue($0.isCancelled) }
        XCTAssertEqual(plugin.failures, 1)
    }

    func test_progressSequence_cancelBeforeStart_failsWithCancellationWithoutSending() async {
        // Given
        let transport = ScriptedTransport()
        let plugin = CountingPlugin()
        let transfer = Provider<TransferTarget>(transport: transport, plugins: [plugin])
            .requestWithProgress(TransferTarget(task: .requestPlain))

        // When
        transfer.cancel()

        // Then
        await assertThrowsCourierError(try await transfer.response) { XCTAssertTrue($0.isCancelled) }
        XCTAssertTrue(transfer.isCancelled)
        XCTAssertEqual(transport.sentCount, 0)
        XCTAssertEqual(plugin.willSendCount, 1)
        XCTAssertEqual(plugin.failures, 1)
    }

    func test_progressSequence_slowReader_skipsIntermediateEventsButGetsTheFinalOne() async throws {
        // Given
        let transfer = Provider<TransferTarget>(
            transport: Helpers.reporting(Array(stride(from: 0, to: 1000, by: 1)), total: 1000)
        )
        .requestWithProgress(TransferTarget(task: .requestPlain))

        // When
        _ = try await transfer.response
        var events: [ProgressResponse] = []
        for try await event in transfer { events.append(event) }

        // Then
        XCTAssertEqual(events.count, 1)
        XCTAssertTrue(events.first?.completed ?? false)
    }

    func test_progressSequence_iteratedWithNextAsBeforeSwift6Runtimes_givesTheSameEventsAndError() async throws {
        // Given: what `for try await` calls before iOS 18 and macOS 15 is the iterator's own next()
        let seen = Locked<[ProgressResponse]>([])
        let transport = ScriptedTransport { request in
            request.progress?(TransferProgress(direction: .download, completedBytes: 10, totalBytes: 20))
            await waitUntil { seen.value.count == 1 }
            throw URLError(.networkConnectionLost)
        }
        var iterator = Provider<TransferTarget>(transport: transport)
            .requestWithProgress(TransferTarget(task: .requestPlain)).makeAsyncIterator()

        // When
        var thrown: CourierError?
        do {
            while let event = try await iterator.next() { seen.append(event) }
        } catch {
            thrown = error
        }
        let afterTheError = try await iterator.next()

        // Then
        XCTAssertEqual(seen.value.map(\.progress), [0.5])
        XCTAssertEqual((thrown?.underlyingError as? URLError)?.code, .networkConnectionLost)
        XCTAssertNil(afterTheError)
    }

    func test_progressSequence_withTrackInflights_stillEndsWithTheFinalEvent() async throws {
        // Given
        let provider = Provider<TransferTarget>(transport: ScriptedTransport(), trackInflights: true)

        // When
        var events: [ProgressResponse] = []
        for try await event in provider.requestWithProgress(TransferTarget(task: .requestPlain)) {
            events.append(event)
        }

        // Then
        XCTAssertEqual(events.map(\.completed), [true])
    }
}
