import Courier
import CourierTestSupport
import XCTest

final class ProviderInflightTests: XCTestCase {
    /// Counts how often the stub is really evaluated.
    private func provider(counting evaluations: Locked<Int>, delay: TimeInterval = 0.2) -> Provider<GitHub> {
        Provider<GitHub>(
            endpointClosure: { target in
                Endpoint(
                    url: "https://api.github.com\(target.path)",
                    sampleResponseClosure: {
                        let count = evaluations.withLock { value -> Int in
                            value += 1
                            return value
                        }
                        return .networkResponse(200, Data("answer \(count)".utf8))
                    }, method: target.method, task: target.task, httpHeaderFields: target.headers)
            },
            stubClosure: Provider.delayedStub(delay), trackInflights: true)
    }

    func test_identicalConcurrentRequests_shareOneExchangeAndResponse() async throws {
        // Given
        let evaluations = Locked(0)
        let provider = provider(counting: evaluations)
        // When
        async let first = provider.request(.zen)
        async let second = provider.request(.zen)
        let (one, two) = try await (first, second)
        // Then
        XCTAssertEqual(evaluations.value, 1)
        XCTAssertTrue(one === two)
    }

    func test_differentRequests_areNotShared() async throws {
        let evaluations = Locked(0)
        let provider = provider(counting: evaluations)
        async let first = provider.request(.zen)
        async let second = provider.request(.userProfile("ada"))
        _ = try await (first, second)
        XCTAssertEqual(evaluations.value, 2)
    }

    func test_requestAfterTheFirstFinished_startsANewExchange() async throws {
        let evaluations = Locked(0)
        let provider = provider(counting: evaluations, delay: 0)
        _ = try await provider.request(.zen)
        _ = try await provider.request(.zen)
        XCTAssertEqual(evaluations.value, 2)
    }

    func test_cancellingOneWaiter_leavesTheOthersTheirAnswer() async throws {
        // Given
        let evaluations = Locked(0)
        let provider = provider(counting: evaluations, delay: 0.3)
        let leaving = Task { try await provider.request(.zen) }
        let staying = Task { try await provider.request(.zen) }
        // When
        try await Task.sleep(for: .milliseconds(50))
        leaving.cancel()
        // Then
        let left = await leaving.result
        guard case .failure(let error as CourierError) = left, error.isCancelled else { return XCTFail("got \(left)") }
        let answer = try await staying.value
        XCTAssertEqual(String(decoding: answer.data, as: UTF8.self), "answer 1")
    }

    func test_completionAPI_sharesToo() {
        let evaluations = Locked(0)
        let provider = provider(counting: evaluations)
        let responses = Locked<[Response]>([])
        let done = expectation(description: "both")
        done.expectedFulfillmentCount = 2
        for _ in 0..<2 {
            provider.request(.zen) { result in
                if case .success(let response) = result { responses.append(response) }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(evaluations.value, 1)
        XCTAssertEqual(responses.value.count, 2)
        XCTAssertEqual(responses.value.first, responses.value.last)
    }

    func test_manyConcurrentIdenticalRequests_allGetTheOneAnswer() async throws {
        let evaluations = Locked(0)
        let provider = provider(counting: evaluations, delay: 0.05)
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<200 { group.addTask { try await provider.request(.zen).data } }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        XCTAssertEqual(bodies.count, 200)
        XCTAssertLessThanOrEqual(evaluations.value, 200)
        XCTAssertEqual(
            Set(bodies).count, evaluations.value, "each exchange gives one distinct answer to all who joined it")
    }
}
