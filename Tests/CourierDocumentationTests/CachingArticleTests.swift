import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import XCTest

// The Caching article's code, line for line.
private enum Catalog: TargetType {
    case products
    case product(id: Int)
    case cart

    var cachePolicy: CachePolicy? {
        switch self {
        case .products: .returnCacheThenRefresh  // instantly, then catch up
        case .product: .offlineFallback  // the server's rules, and stale when offline
        case .cart: .alwaysRevalidate  // always current, a 304 saves the body
        }
    }
    // … baseURL, path, method and task as usual …
    var baseURL: URL { URL(string: "https://shop.example.com")! }
    var path: String {
        switch self {
        case .products: "/products"
        case .product(let id): "/products/\(id)"
        case .cart: "/cart"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
}

private enum News: TargetType {
    case frontPage
    var baseURL: URL { URL(string: "https://news.example.com")! }
    var path: String { "/front-page" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var cachePolicy: CachePolicy? { .httpSemantics }
}

/// Answers every request with `200`, counting them.
private final class FakeTransport: HTTPTransport {
    let sent = Locked<Int>(0)
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        sent.withLock { $0 += 1 }
        guard let url = request.urlRequest.url,
            let http = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])
        else { throw URLError(.badURL) }
        return TransportResponse(response: http, data: Data("network".utf8))
    }
}

final class CachingArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/Caching.md", by: #filePath)
    }

    func test_declaringAPolicyAndADiskCache_storesInTheFolder() throws {
        let cachesFolder = FileManager.default.temporaryDirectory.appendingPathComponent("caching-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cachesFolder) }
        let cache = HTTPCache(configuration: .init(directory: cachesFolder.appendingPathComponent("api")))
        let provider = Provider<Catalog>(cache: cache)
        XCTAssertTrue(cache.usesDisk)
        XCTAssertEqual(Catalog.products.cachePolicy, .returnCacheThenRefresh)
        XCTAssertNotNil(provider.cache)
    }

    func test_origin_andClearing() async throws {
        let transport = FakeTransport()
        let cache = HTTPCache()
        let provider = Provider<Catalog>(transport: transport, cache: cache)
        let productURL = URL(string: "https://shop.example.com/products/1")!
        cache.script(productURL, body: Data("stored".utf8), headers: ["Cache-Control": "max-age=60"])
        var showOfflineBadge = false

        let response = try await provider.request(.product(id: 1))
        if response.origin.isFromCache { showOfflineBadge = response.origin == .staleAfterError }

        XCTAssertEqual(response.origin, .cache)
        XCTAssertFalse(showOfflineBadge)
        provider.removeCachedResponses(for: .products)
        cache.removeResponses(for: productURL)
        cache.removeAll()
        let afterClearing = try await provider.request(.product(id: 1))
        XCTAssertEqual(afterClearing.origin, .network)
        XCTAssertEqual(transport.sent.value, 1)
    }

    func test_inTests_aManualClockMovesTheCachesTime() async throws {
        let frontPageURL = URL(string: "https://news.example.com/front-page")!
        let fakeTransport = FakeTransport()
        let clock = ManualClock()
        let cache = HTTPCache(configuration: .init(clock: .manual(clock)))
        cache.script(frontPageURL, body: Data("scripted".utf8), headers: ["Cache-Control": "max-age=60"])
        let provider = Provider<News>(transport: fakeTransport, cache: cache)
        _ = try await provider.request(.frontPage)  // from the cache
        clock.advance(by: .seconds(61))
        _ = try await provider.request(.frontPage)  // stale: to the transport
        XCTAssertEqual(fakeTransport.sent.value, 1)
    }
}
