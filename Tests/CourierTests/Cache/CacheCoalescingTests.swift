import CourierTestSupport
import XCTest

@testable import Courier

/// Concurrent requests for the same uncached URL share one exchange. Run under ThreadSanitizer too:
/// `swift test --sanitize=thread --scratch-path .build-tsan-cache --filter CacheCoalescingTests`.
final class CacheCoalescingTests: XCTestCase {
    /// A network that counts exchanges per URL and answers after a short wait.
    private final class CountingNetwork: Sendable {
        let counts = Locked<[String: Int]>([:])

        func send(_ request: URLRequest) async -> Int {
            let url = request.url?.absoluteString ?? ""
            counts.withLock { $0[url, default: 0] += 1 }
            try? await Task.sleep(nanoseconds: 2_000_000)
            return 200
        }
    }

    func test_thousandConcurrentRequestsForFiftyURLs_makeOneExchangePerURL() async {
        // Given
        let cache = HTTPCache()
        let coalescer = RequestCoalescer<CachedResponse>()
        let network = CountingNetwork()
        let urls = (0..<50).map { URL(string: "https://api.example.com/item/\($0)")! }

        // When: each request looks up, and on a miss shares one exchange that looks up again first
        let kinds = await withTaskGroup(of: CachedResponse.Kind?.self) { group in
            for index in 0..<1000 {
                group.addTask {
                    let request = URLRequest(url: urls[index % urls.count])
                    if case .answer(let cached) = cache.lookup(for: request, policy: .httpSemantics) {
                        return cached.kind
                    }
                    guard let key = cache.coalescingKey(for: request) else { return nil }
                    let shared = try? await coalescer.run(key: key) {
                        if case .answer(let cached) = cache.lookup(for: request, policy: .httpSemantics) {
                            return cached
                        }
                        let status = await network.send(request)
                        let headers = ["Cache-Control": "max-age=600"]
                        cache.store(
                            statusCode: status, headerFields: headers, body: Data("item".utf8), for: request,
                            policy: .httpSemantics)
                        return CachedResponse(
                            statusCode: status, headerFields: headers, body: Data("item".utf8),
                            url: request.url!, kind: .fresh)
                    }
                    return shared?.kind
                }
            }
            var kinds: [CachedResponse.Kind?] = []
            for await kind in group { kinds.append(kind) }
            return kinds
        }

        // Then
        XCTAssertEqual(kinds.count, 1000)
        XCTAssertFalse(kinds.contains(nil))
        XCTAssertEqual(network.counts.value.count, 50)
        XCTAssertEqual(Set(network.counts.value.values), [1])
        XCTAssertEqual(coalescer.runningCount, 0)
    }

    func test_leaderValueThatMayNotBeShared_sendsTheWaitersToRunAgain() async throws {
        // Given: the first run's value is refused, the second's shared
        let coalescer = RequestCoalescer<Int>()
        let runs = Locked(0)
        let started = expectation(description: "leader started")
        let release = Gate()

        // When
        async let leader = coalescer.run(
            key: "k", isShareable: { $0 > 0 },
            operation: {
                runs.withLock { $0 += 1 }
                started.fulfill()
                await release.wait()
                return -1
            })
        await fulfillment(of: [started], timeout: 10)
        async let follower = coalescer.run(
            key: "k", isShareable: { $0 > 0 },
            operation: {
                runs.withLock { $0 += 1 }
                return 7
            })
        try await Task.sleep(nanoseconds: 20_000_000)
        release.open()

        // Then
        let results = try await (leader, follower)
        XCTAssertEqual(results.0, -1)
        XCTAssertEqual(results.1, 7)
        XCTAssertEqual(runs.value, 2)
    }

    func test_cancelledWaiter_stopsWaitingAtOnce_andTheRunGoesOn() async throws {
        // Given
        let coalescer = RequestCoalescer<Int>()
        let started = expectation(description: "leader started")
        let release = Gate()
        let leader = Task {
            try await coalescer.run(key: "k") {
                started.fulfill()
                await release.wait()
                return 1
            }
        }
        await fulfillment(of: [started], timeout: 10)

        // When
        let waiter = Task { try await coalescer.run(key: "k") { 2 } }
        try await Task.sleep(nanoseconds: 20_000_000)
        waiter.cancel()

        // Then
        let outcome = await waiter.result
        XCTAssertThrowsError(try outcome.get()) { XCTAssertTrue($0 is CancellationError) }
        release.open()
        let value = try await leader.value
        XCTAssertEqual(value, 1)
        XCTAssertEqual(coalescer.runningCount, 0)
    }

    func test_coalescingKey_separatesRequestsThatCouldGetDifferentAnswers() {
        // Given
        let cache = HTTPCache()
        var plain = URLRequest(url: URL(string: "https://api.example.com/x")!)
        var french = plain
        french.setValue("fr", forHTTPHeaderField: "Accept-Language")
        var post = plain
        post.httpMethod = "POST"

        // When / Then
        XCTAssertEqual(cache.coalescingKey(for: plain), cache.coalescingKey(for: URLRequest(url: plain.url!)))
        XCTAssertNotEqual(cache.coalescingKey(for: plain), cache.coalescingKey(for: french))
        XCTAssertNil(cache.coalescingKey(for: post))
        plain.httpBody = Data("x".utf8)
        XCTAssertNil(cache.coalescingKey(for: plain))
    }
}
