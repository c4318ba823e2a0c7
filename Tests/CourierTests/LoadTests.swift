import Courier
import CourierTestSupport
import XCTest

/// Many concurrent requests: every one completes exactly once, none lost, none duplicated.
final class LoadTests: XCTestCase {
    private struct Numbered: TargetType {
        let number: Int
        var baseURL: URL { URL(string: "https://load.example")! }
        var path: String { "/items/\(number)" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var sampleData: Data { Data("\(number)".utf8) }
    }

    static let count = 10_000

    func test_tenThousandConcurrentStubbedRequests_async_eachAnsweredOnce() async throws {
        let provider = Provider<Numbered>(stubClosure: Provider.delayedStub(0.001))
        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for number in 0..<Self.count {
                group.addTask { (number, try await provider.request(Numbered(number: number)).mapString()) }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        XCTAssertEqual(answers.count, Self.count)
        XCTAssertTrue(answers.allSatisfy { $0.value == "\($0.key)" })
    }

    func test_tenThousandConcurrentStubbedRequests_completion_eachCompletedOnce() {
        let provider = Provider<Numbered>(stubClosure: Provider.delayedStub(0.001), callbackQueue: .global())
        let completions = Locked([Int](repeating: 0, count: Self.count))
        let done = expectation(description: "all")
        done.expectedFulfillmentCount = Self.count
        DispatchQueue.concurrentPerform(iterations: Self.count) { number in
            provider.request(Numbered(number: number)) { result in
                let matches = (try? result.get().mapString()) == "\(number)"
                completions.withLock { $0[number] += matches ? 1 : 1000 }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 60)
        XCTAssertEqual(
            completions.value.filter { $0 != 1 }.count, 0, "requests not completed exactly once with their own answer")
    }
}
