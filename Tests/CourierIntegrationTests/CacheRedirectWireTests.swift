import Courier
import CourierTestSupport
import Foundation
import XCTest

/// A stored answer's revalidation that the server redirects: a `304` from another resource never
/// refreshes it (RFC 9111 §4.3.4), and the validators the cache added never follow the redirect to
/// another origin. Over the default transport, so over libcurl and URLSession in turn.
final class CacheRedirectWireTests: XCTestCase {
    private var origin: CacheOrigin!
    private var elsewhere: CacheOrigin!

    override func setUpWithError() throws {
        origin = try CacheOrigin()
        elsewhere = try CacheOrigin()
    }

    override func tearDown() {
        origin.stop()
        elsewhere.stop()
    }

    /// A provider whose cache holds `/profile`'s answer (`ETag: "v1"`, stale at once), which the
    /// origin now redirects to `location`.
    private func storedProfile(redirectingTo location: URL) async throws -> (Provider<CachedResource>, CachedResource) {
        origin.route("/profile", headers: ["Cache-Control": "max-age=0", "ETag": #""v1""#])
        let provider = Provider<CachedResource>(cache: HTTPCache())
        let profile = CachedResource(origin.baseURL, "/profile")
        _ = try await provider.request(profile)
        origin.route("/profile", status: 302, headers: ["Location": location.absoluteString])
        return (provider, profile)
    }

    func test_revalidationRedirectedToAnotherOrigin_carriesNoValidatorThere_andRefreshesNothing() async throws {
        // Given: the other origin would answer 304, fresh for a day, to the same validator
        elsewhere.route("/moved", headers: ["Cache-Control": "max-age=86400", "ETag": #""v1""#])
        let (provider, profile) = try await storedProfile(
            redirectingTo: elsewhere.baseURL.appendingPathComponent("moved"))

        // When
        let answer = try await provider.request(profile)
        let next = try await provider.request(profile)

        // Then: the other origin saw no validator and gave its own answer, which refreshes nothing
        XCTAssertEqual(elsewhere.received.map { $0.value(forHeader: "If-None-Match") }, [nil, nil])
        XCTAssertEqual(elsewhere.notModified("/moved"), 0)
        XCTAssertEqual(answer.origin, .network)
        XCTAssertEqual(try answer.mapString(), "/moved #1")
        XCTAssertEqual(next.origin, .network, "the stored answer was not made fresh")
        XCTAssertEqual(origin.received.filter { $0.target == "/profile" }.count, 3)
    }

    func test_notModifiedFromAnotherResourceOfTheSameOrigin_refreshesNothing() async throws {
        // Given: another path of the same origin, which answers 304, fresh for a day, to the same
        // validator (the validator follows a redirect within the origin)
        origin.route("/other", headers: ["Cache-Control": "max-age=86400", "ETag": #""v1""#])
        let (provider, profile) = try await storedProfile(redirectingTo: origin.baseURL.appendingPathComponent("other"))

        // When
        let answer = try await provider.request(profile)
        let next = try await provider.request(profile)

        // Then: that 304 is another resource's; the request is sent again without conditions
        XCTAssertNotEqual(answer.origin, .revalidated)
        XCTAssertEqual(try answer.mapString(), "/other #1")
        XCTAssertEqual(next.origin, .network, "the stored answer was not made fresh")
    }
}
