import CourierTestSupport
import CourierTesting
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The provider's stale-while-revalidate refresh, run in a background task: however it ends, the
/// next stale answer may start another.
final class CacheBackgroundRevalidationTests: XCTestCase {
    func test_backgroundRefreshFailingWithATLSError_doesNotHoldOffTheNextRefresh() async throws {
        // Given: a stale answer within stale-while-revalidate, and a network that fails TLS
        let clock = ManualClock()
        var configuration = HTTPCache.Configuration()
        configuration.clock = .manual(clock)
        let cache = HTTPCache(configuration: configuration)
        let request = URLRequest(url: URL(string: "https://api.example.com/resource")!)
        cache.store(
            statusCode: 200,
            headerFields: ["Cache-Control": "max-age=10, stale-while-revalidate=600", "ETag": "\"a\""],
            body: Data("stale".utf8), for: request, policy: .httpSemantics)
        clock.advance(by: .seconds(20))
        let use = CacheUse(cache: cache, policy: .httpSemantics)
        let coalescer = RequestCoalescer<Result<Response, CourierError>>()
        let refreshes = Locked(0)
        let transfer: CachedExchange.Transfer = { _, _ in
            refreshes.withLock { $0 += 1 }
            return .failure(.underlying(URLError(.secureConnectionFailed), nil))
        }

        // When: one stale answer starts a refresh that fails; later requests come while no clock time passes
        let first = await CachedExchange.cachedTransfer(request, use, coalescer: coalescer, transfer: transfer)
        let deadline = Date().addingTimeInterval(5)
        while refreshes.value < 2, Date() < deadline {
            _ = await CachedExchange.cachedTransfer(request, use, coalescer: coalescer, transfer: transfer)
            try await Task.sleep(nanoseconds: 5_000_000)
        }

        // Then
        XCTAssertEqual(try first.get().data, Data("stale".utf8))
        XCTAssertGreaterThanOrEqual(refreshes.value, 2)
    }
}
