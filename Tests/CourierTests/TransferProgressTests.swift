import Courier
import CourierTestSupport
import Foundation
import XCTest

/// Progress events: rising, 1.0 exactly once in the final event, honest about unknown lengths;
/// through the completion API's `ProgressBlock` and the async `ProgressSequence`.
final class TransferProgressTests: XCTestCase {
    /// Reports 4000 bytes in 1000-byte steps, like Moya's progress spec, with repeats and a step back.
    private static let steps: [Int64] = [0, 1000, 1000, 2000, 1500, 3000, 4000]

    func test_progressBlock_risesAndReachesOneExactlyOnce_inTheFinalEventWithTheResponse() throws {
        // Given
        let transport = Self.reporting(Self.steps, total: 4000)

        // When
        let events = try collectEvents(.requestPlain, transport: transport)

        // Then
        XCTAssertEqual(events.map(\.progress), [0, 0.25, 0.5, 0.75, 1])
        XCTAssertEqual(events.map(\.completed), [false, false, false, false, true])
        XCTAssertEqual(events.last?.completedUnitCount, 4000)
        XCTAssertEqual(events.last?.totalUnitCount, 4000)
        XCTAssertNotNil(events.last?.response)
        XCTAssertTrue(events.dropLast().allSatisfy { $0.response == nil })
    }

    func test_progressBlock_unknownLength_reportsBytesWithNilTotalAndZeroFraction() throws {
        // Given
        let transport = Self.reporting([1000, 2000, 3000], total: nil)

        // When
        let events = try collectEvents(.requestPlain, transport: transport)

        // Then
        XCTAssertEqual(events.map(\.completedUnitCount), [1000, 2000, 3000, 3000])
        XCTAssertEqual(events.map(\.totalUnitCount), [nil, nil, nil, 3000])
        XCTAssertEqual(events.map(\.progress), [0, 0, 0, 1])
    }

    func test_progressBlock_uploadTask_reportsBytesSentAndIgnoresBytesReceived() throws {
        // Given
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-up-\(UUID().uuidString)")
        try Data(count: 10).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let transport = ScriptedTransport { request in
            request.progress?(TransferProgress(direction: .upload, completedBytes: 5, totalBytes: 10))
            request.progress?(TransferProgress(direction: .download, completedBytes: 7, totalBytes: 100))
            request.progress?(TransferProgress(direction: .upload, completedBytes: 10, totalBytes: 10))
            return try ScriptedTransport.ok(request)
        }

        // When
        let events = try collectEvents(.uploadFile(file), transport: transport)

        // Then
        XCTAssertEqual(events.map(\.completedUnitCount), [5, 10])
        XCTAssertEqual(events.map(\.progress), [0.5, 1])
    }

    func test_progressBlock_failedRequest_sendsNoCompletedEvent() throws {
        // Given
        let transport = ScriptedTransport { request in
            request.progress?(TransferProgress(direction: .download, completedBytes: 10, totalBytes: 40))
            throw URLError(.networkConnectionLost)
        }

        // When
        let events = try collectEvents(.requestPlain, transport: transport, expectSuccess: false)

        // Then
        XCTAssertEqual(events.map(\.progress), [0.25])
        XCTAssertFalse(events.contains(where: \.completed))
    }

    func test_progressBlock_finalEvent_comesAfterDidReceiveAndBeforeCompletion() {
        // Given
        let order = Locked<[String]>([])
        let plugin = RecordingOrderPlugin(order: order)
        let queue = DispatchQueue(label: "progress-order")
        let provider = Provider<TransferTarget>(transport: Self.reporting([10], total: 20), plugins: [plugin])
        let done = expectation(description: "completion")

        // When
        provider.request(
            TransferTarget(task: .requestPlain), callbackQueue: queue,
            progress: { order.append($0.completed ? "final" : "progress") },
            completion: { _ in
                order.append("completion")
                done.fulfill()
            })
        wait(for: [done], timeout: 10)

        // Then
        XCTAssertEqual(order.value.filter { $0 != "progress" }, ["didReceive", "final", "completion"])
    }

    func test_progressBlock_immediateStub_getsOnlyTheFinalEvent() {
        // Given
        let provider = Provider<TransferTarget>(stubClosure: Provider.immediatelyStub)
        let events = Locked<[ProgressResponse]>([])

        // When
        provider.request(
            TransferTarget(task: .requestPlain, sampleData: Data("abc".utf8)), progress: { events.append($0) },
            completion: { _ in })

        // Then
        XCTAssertEqual(events.value.map(\.progress), [1])
        XCTAssertEqual(events.value.first?.completedUnitCount, 3)
    }

    // MARK: - Helpers

    /// A transport that reports `steps` received bytes out of `total`, then answers `200`.
    static func reporting(_ steps: [Int64], total: Int64?) -> ScriptedTransport {
        ScriptedTransport { request in
            for step in steps {
                request.progress?(TransferProgress(direction: .download, completedBytes: step, totalBytes: total))
            }
            return try ScriptedTransport.ok(request, data: Data(count: Int(steps.max() ?? 0)))
        }
    }

    /// A transport that never answers and fails once its task is cancelled.
    static func waitingUntilCancelled() -> ScriptedTransport {
        ScriptedTransport { _ in
            try await Task.sleep(for: .seconds(600))
            throw URLError(.timedOut)
        }
    }

    /// The progress events of a completion-API request for `task`, delivered on a serial queue.
    private func collectEvents(_ task: HTTPTask, transport: ScriptedTransport, expectSuccess: Bool = true) throws
        -> [ProgressResponse]
    {
        let provider = Provider<TransferTarget>(transport: transport)
        let events = Locked<[ProgressResponse]>([])
        let outcome = Locked<Result<Response, CourierError>?>(nil)
        let done = expectation(description: "completion")
        provider.request(
            TransferTarget(task: task), callbackQueue: DispatchQueue(label: "progress"),
            progress: { events.append($0) },
            completion: { result in
                outcome.withLock { $0 = result }
                done.fulfill()
            })
        wait(for: [done], timeout: 10)
        let result = try XCTUnwrap(outcome.value)
        if case .success = result { XCTAssertTrue(expectSuccess) } else { XCTAssertFalse(expectSuccess) }
        return events.value
    }
}

/// Records the order of `didReceive` next to the callbacks a test records.
private struct RecordingOrderPlugin: PluginType {
    let order: Locked<[String]>

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        order.append("didReceive")
    }
}

/// Asserts that `expression` throws a `CourierError`, and runs `check` on it.
func assertThrowsCourierError<T>(
    _ expression: @autoclosure () async throws(CourierError) -> T, file: StaticString = #filePath, line: UInt = #line,
    _ check: (CourierError) -> Void = { _ in }
) async {
    do {
        _ = try await expression()
        XCTFail("expected an error", file: file, line: line)
    } catch {
        check(error)
    }
}
