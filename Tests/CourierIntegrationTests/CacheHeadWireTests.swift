import Courier
import CourierTestSupport
import Foundation
import XCTest

/// A `HEAD` answered from a stored `GET` (RFC 9110 §9.3.2, RFC 9111 §4): the stored fields and no
/// body, with freshness, `Vary`, revalidation and the offline fallback as for a `GET`. Over the
/// default transport, so over libcurl and URLSession in turn.
final class CacheHeadWireTests: XCTestCase {
    private var origin: CacheOrigin!

    override func setUpWithError() throws {
        origin = try CacheOrigin()
    }

    override func tearDown() {
        origin.stop()
    }

    /// A provider whose cache holds `/file`'s answer to a `GET` (`headers` as given, plus a size).
    private func storedFile(_ headers: [String: String], requestHeaders: [String: String]? = nil) async throws
        -> Provider<CachedResource>
    {
        origin.route("/file", headers: headers.merging(["X-Size": "large"]) { given, _ in given })
        let provider = Provider<CachedResource>(cache: HTTPCache())
        _ = try await provider.request(CachedResource(origin.baseURL, "/file", headers: requestHeaders))
        return provider
    }

    private func head(
        _ path: String = "/file", headers: [String: String]? = nil, policy: CachePolicy = .httpSemantics
    ) -> CachedResource {
        CachedResource(origin.baseURL, path, method: .head, headers: headers, cachePolicy: policy)
    }

    func test_headAfterAFreshGet_isAnsweredWithTheStoredFieldsAndNoBody_withoutAskingTheServer() async throws {
        // Given
        let provider = try await storedFile(["Cache-Control": "max-age=60", "ETag": #""v1""#])

        // When
        let answer = try await provider.request(head())

        // Then
        XCTAssertEqual(origin.received.map(\.method), ["GET"])
        XCTAssertEqual(answer.origin, .cache)
        XCTAssertEqual(answer.statusCode, 200)
        XCTAssertEqual(answer.data, Data())
        XCTAssertEqual(answer.response?.value(forHTTPHeaderField: "X-Size"), "large")
        XCTAssertEqual(answer.response?.value(forHTTPHeaderField: "ETag"), #""v1""#)
        XCTAssertEqual(answer.response?.value(forHTTPHeaderField: "Content-Length"), "\("/file #1".utf8.count)")
    }

    func test_headAfterAStaleGet_isAConditionalHead_andItsNotModifiedAnswersWithoutABody() async throws {
        // Given
        let provider = try await storedFile(["Cache-Control": "max-age=0", "ETag": #""v1""#])

        // When
        let answer = try await provider.request(head())

        // Then
        XCTAssertEqual(origin.received.map(\.method), ["GET", "HEAD"])
        XCTAssertEqual(origin.received.last?.value(forHeader: "If-None-Match"), #""v1""#)
        XCTAssertEqual(origin.notModified("/file"), 1)
        XCTAssertEqual(answer.origin, .revalidated)
        XCTAssertEqual(answer.data, Data())
        XCTAssertEqual(answer.response?.value(forHTTPHeaderField: "X-Size"), "large")
    }

    func test_headWithAnotherValueOfAVariedField_goesToTheServer() async throws {
        // Given: a stored answer for French
        let provider = try await storedFile(
            ["Cache-Control": "max-age=60", "Vary": "Accept-Language"], requestHeaders: ["Accept-Language": "fr"])

        // When
        let toServer = try await provider.request(head(headers: ["Accept-Language": "de"]))
        let fromCache = try await provider.request(head(headers: ["Accept-Language": "fr"]))

        // Then
        XCTAssertEqual(origin.received.map(\.method), ["GET", "HEAD"])
        XCTAssertEqual(toServer.origin, .network)
        XCTAssertEqual(fromCache.origin, .cache)
    }

    func test_headUnderAnOfflineFallback_answersTheStoredFields_whenTheOriginFails() async throws {
        // Given
        let provider = try await storedFile(["Cache-Control": "max-age=0"])
        origin.fail("/file", with: .emptyReply)

        // When
        let answer = try await provider.request(head(policy: .offlineFallback))

        // Then
        XCTAssertEqual(answer.origin, .staleAfterError)
        XCTAssertEqual(answer.data, Data())
        XCTAssertEqual(answer.response?.value(forHTTPHeaderField: "X-Size"), "large")
    }

    func test_headWithNothingStored_goesToTheServer_andStoresNothingForAGet() async throws {
        // Given
        origin.route("/file", headers: ["Cache-Control": "max-age=60"])
        let provider = Provider<CachedResource>(cache: HTTPCache())

        // When
        let answer = try await provider.request(head())
        let get = try await provider.request(CachedResource(origin.baseURL, "/file"))

        // Then
        XCTAssertEqual(origin.received.map(\.method), ["HEAD", "GET"])
        XCTAssertEqual(answer.origin, .network)
        XCTAssertEqual(get.origin, .network)
        XCTAssertFalse(get.data.isEmpty)
    }
}
