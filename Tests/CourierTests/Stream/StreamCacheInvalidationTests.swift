import CourierTestSupport
import CourierTesting
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A streamed unsafe request changes what the cache holds as a plain one does (RFC 9111 §4.4).
final class StreamCacheInvalidationTests: XCTestCase {
    private enum Items: TargetType {
        case item
        case update

        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/item" }
        var method: HTTPMethod { self == .item ? .get : .post }
        var task: HTTPTask { .requestPlain }
        var cachePolicy: CachePolicy? { .httpSemantics }
    }

    /// Answers every request with `status`.
    private struct AnsweringTransport: HTTPTransport {
        let status: Int

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            guard let url = request.urlRequest.url,
                let http = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:])
            else { throw URLError(.badURL) }
            return TransportResponse(response: http, data: Data("network".utf8))
        }
    }

    private func provider(answering status: Int) -> (Provider<Items>, HTTPCache) {
        let cache = HTTPCache()
        cache.script(
            URL(string: "https://api.example.com/item")!, body: Data("stored".utf8),
            headers: ["Cache-Control": "max-age=600"])
        return (Provider<Items>(transport: AnsweringTransport(status: status), cache: cache), cache)
    }

    func test_streamedPOST_answeredWithSuccess_removesTheStoredAnswerForItsURL() async throws {
        // Given
        let (provider, _) = provider(answering: 200)

        // When
        let stream = try await provider.stream(.update)
        for try await _ in stream {}
        let item = try await provider.request(.item)

        // Then
        XCTAssertEqual(item.origin, .network)
        XCTAssertEqual(String(decoding: item.data, as: UTF8.self), "network")
    }

    func test_streamedPOST_answeredWithAnError_keepsTheStoredAnswer() async throws {
        // Given
        let (provider, _) = provider(answering: 500)

        // When
        _ = try? await provider.stream(.update)
        let item = try await provider.request(.item)

        // Then
        XCTAssertEqual(item.origin, .cache)
    }
}
