import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import XCTest

/// A test scripts what the cache holds and moves its clock, and sees the provider answer from it
/// or go to the network, with no server and no waiting.
final class ScriptedCacheTests: XCTestCase {
    private struct Article: TargetType {
        var baseURL: URL { URL(string: "https://news.example.com")! }
        var path: String { "/front-page" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var cachePolicy: CachePolicy? { .httpSemantics }
    }

    /// A transport that answers every request with a new body and counts them.
    private final class CountingTransport: HTTPTransport {
        let sent = Locked<Int>(0)

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let number = sent.withLock { count -> Int in
                count += 1
                return count
            }
            guard let url = request.urlRequest.url,
                let http = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])
            else { throw URLError(.badURL) }
            return TransportResponse(response: http, data: Data("network \(number)".utf8))
        }
    }

    func test_scriptedEntry_answersWhileFresh_andTheNetworkOnceTheClockPassesItsMaxAge() async throws {
        // Given: a cache whose time is the test's, holding a front page fresh for 60 seconds
        let clock = ManualClock()
        let cache = HTTPCache(configuration: .init(clock: .manual(clock)))
        XCTAssertTrue(
            cache.script(
                URL(string: "https://news.example.com/front-page")!, body: Data("scripted".utf8),
                headers: ["Cache-Control": "max-age=60"]))
        let transport = CountingTransport()
        let provider = Provider<Article>(transport: transport, cache: cache)

        // When
        let fresh = try await provider.request(Article())
        clock.advance(by: .seconds(61))
        let stale = try await provider.request(Article())

        // Then
        XCTAssertEqual(try fresh.mapString(), "scripted")
        XCTAssertEqual(fresh.origin, .cache)
        XCTAssertEqual(try stale.mapString(), "network 1")
        XCTAssertEqual(stale.origin, .network)
        XCTAssertEqual(transport.sent.value, 1)
    }
}
