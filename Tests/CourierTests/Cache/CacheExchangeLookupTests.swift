import CourierTestSupport
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request that goes to the network through the cache looks the cache up once, and again only
/// when the cache changed while it waited for another request's exchange.
final class CacheExchangeLookupTests: XCTestCase {
    func test_answerStoredWhileWaiting_isUsed_notSentAgain() async throws {
        // Given: a leader whose exchange is held open and then ends in a cancellation, which its
        // waiters may not share; a follower that looked the cache up (a miss) and waits for it
        let cache = HTTPCache()
        let use = CacheUse(cache: cache, policy: .httpSemantics)
        let coalescer = RequestCoalescer<Result<Response, CourierError>>()
        let request = URLRequest(url: URL(string: "https://api.example.com/profile")!)
        let gate = Gate()
        let sent = Locked(0)
        let transfer: CachedExchange.Transfer = { _, _ in
            sent.withLock { $0 += 1 }
            await gate.wait()
            return .failure(.underlying(CancellationError(), nil))
        }
        let leader = Task {
            await CachedExchange.cachedTransfer(request, use, coalescer: coalescer, transfer: transfer)
        }
        await waitUntil { sent.value == 1 }
        let follower = Task {
            await CachedExchange.cachedTransfer(request, use, coalescer: coalescer, transfer: transfer)
        }
        await waitUntil { coalescer.waitingCount == 1 }

        // When: an answer is stored meanwhile, then the leader's exchange ends
        cache.store(
            statusCode: 200, headerFields: ["Cache-Control": "max-age=600"], body: Data("stored".utf8), for: request,
            policy: .httpSemantics)
        gate.open()

        // Then: the follower answers with what was stored, without an exchange of its own
        let led = await leader.value
        let followed = await follower.value
        XCTAssertThrowsError(try led.get())
        XCTAssertEqual(try followed.get().data, Data("stored".utf8))
        XCTAssertEqual(try followed.get().origin, .cache)
        XCTAssertEqual(sent.value, 1)
    }

    func test_missWhileNothingChanged_sendsTheRequestAsLookedUp() async throws {
        // Given: a stale answer with an ETag, so that the lookup asks for a conditional request
        let cache = HTTPCache()
        let use = CacheUse(cache: cache, policy: .httpSemantics)
        let request = URLRequest(url: URL(string: "https://api.example.com/profile")!)
        cache.store(
            statusCode: 200, headerFields: ["Cache-Control": "no-cache", "ETag": "\"v1\""], body: Data("v1".utf8),
            for: request, policy: .httpSemantics)
        let conditions = Locked<[String?]>([])
        let transfer: CachedExchange.Transfer = { sending, _ in
            conditions.withLock { $0.append(sending.value(forHTTPHeaderField: "If-None-Match")) }
            let head = HTTPURLResponse(
                url: sending.url!, statusCode: 304, httpVersion: "HTTP/1.1", headerFields: ["ETag": "\"v1\""])
            return .success(Response(statusCode: 304, data: Data(), request: sending, response: head))
        }

        // When
        let answer = await CachedExchange.cachedTransfer(
            request, use, coalescer: RequestCoalescer(), transfer: transfer)

        // Then: one conditional request, and the stored body answered
        XCTAssertEqual(conditions.value, ["\"v1\""])
        XCTAssertEqual(try answer.get().data, Data("v1".utf8))
        XCTAssertEqual(try answer.get().origin, .revalidated)
    }

    func test_generation_movesWithEveryChangeToWhatIsStored_notWithLookups() {
        // Given: a cache that keeps two entries in memory
        var configuration = HTTPCache.Configuration()
        configuration.memoryEntryLimit = 2
        let cache = HTTPCache(configuration: configuration)
        let urls = (0..<3).map { URL(string: "https://api.example.com/item/\($0)")! }
        func store(_ url: URL) {
            cache.store(
                statusCode: 200, headerFields: ["Cache-Control": "max-age=600"], body: Data("item".utf8),
                for: URLRequest(url: url), policy: .httpSemantics)
        }
        var seen = [cache.generation]
        func moved() -> Bool {
            defer { seen.append(cache.generation) }
            return !seen.contains(cache.generation)
        }

        // When, then: each change moves it
        store(urls[0])
        XCTAssertTrue(moved(), "a store")
        store(urls[1])
        store(urls[2])  // evicts the first
        XCTAssertTrue(moved(), "a store that evicts")
        _ = cache.lookup(for: URLRequest(url: urls[2]), policy: .httpSemantics)
        XCTAssertFalse(moved(), "a lookup")
        cache.removeResponses(for: urls[2])
        XCTAssertTrue(moved(), "a removal")
        var post = URLRequest(url: urls[1])
        post.httpMethod = "POST"
        cache.invalidate(after: post, statusCode: 201, headerFields: [:])
        XCTAssertTrue(moved(), "an invalidation")
        cache.removeAll()
        XCTAssertTrue(moved(), "removing everything")
    }

}
