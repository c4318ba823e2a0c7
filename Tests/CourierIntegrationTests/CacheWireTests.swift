import Courier
import CourierPlugins
import CourierTestSupport
import Foundation
import XCTest

/// The provider's HTTP cache over the wire, against a scripted origin, through the default
/// transport (libcurl on Linux; URLSession in the run with COURIER_TRANSPORT=urlsession).
final class CacheWireTests: XCTestCase {
    /// A target of the scripted origin with the cache policy a test gives it.
    private struct Resource: TargetType, Sendable {
        let baseURL: URL
        let path: String
        var method: HTTPMethod = .get
        var headers: [String: String]? = nil
        var cachePolicy: CachePolicy? = .httpSemantics
        var task: HTTPTask { .requestPlain }
        var validationType: ValidationType { .successCodes }
    }

    private var origin: CacheOrigin!

    override func setUpWithError() throws {
        origin = try CacheOrigin()
    }

    override func tearDown() {
        origin.stop()
    }

    private func resource(_ path: String, policy: CachePolicy? = .httpSemantics) -> Resource {
        Resource(baseURL: origin.baseURL, path: path, cachePolicy: policy)
    }

    func test_freshAnswer_isReusedWithoutAskingTheServer_andSaysSo() async throws {
        // Given
        origin.route("/news", headers: ["Cache-Control": "max-age=60"])
        let provider = Provider<Resource>(cache: HTTPCache())

        // When
        let first = try await provider.request(resource("/news"))
        let second = try await provider.request(resource("/news"))

        // Then
        XCTAssertEqual(origin.hits("/news"), 1)
        XCTAssertEqual(first.origin, .network)
        XCTAssertEqual(second.origin, .cache)
        XCTAssertEqual(try second.mapString(), "/news #1")
    }

    /// libcurl's transport keeps every field line, so both spellings count (and `no-store` wins);
    /// FoundationNetworking keeps one of the two lines of a field it knows, which one depending on
    /// the order of a dictionary of its own, which changes from process to process
    /// (``TransportDifference/fieldRepeatedInAnotherCase``).
    func test_fieldRepeatedInAnotherCase_countsBothOverCurl_andOneOfThemOverURLSession() async throws {
        // Given: `Cache-Control` twice, spelled two ways, `no-store` first
        let answer =
            "HTTP/1.1 200 OK\r\ncache-control: no-store\r\nCache-Control: max-age=60\r\nContent-Length: 2\r\n\r\nok"
        let server = try RecordingServer(response: Data(answer.utf8))
        defer { server.stop() }
        let provider = Provider<CachedResource>(cache: HTTPCache())

        // When
        _ = try await provider.request(CachedResource(server.baseURL, "/split"))
        let second = try await provider.request(CachedResource(server.baseURL, "/split"))

        // Then
        let difference = TransportDifference.fieldRepeatedInAnotherCase
        let requests = server.stop().requests.count
        XCTAssertTrue(difference.expected(curl: [2], urlSession: [1, 2]).contains(requests), "\(requests)")
        XCTAssertEqual(second.origin, requests == 2 ? .network : .cache)
    }

    func test_eTag_isSentWithIfNoneMatch_andA304AnswersTheStoredBody() async throws {
        // Given: an answer that must be revalidated every time
        origin.route("/profile", headers: ["Cache-Control": "no-cache", "ETag": #""v1""#])
        let provider = Provider<Resource>(cache: HTTPCache())

        // When
        _ = try await provider.request(resource("/profile"))
        let revalidated = try await provider.request(resource("/profile"))

        // Then
        XCTAssertEqual(origin.hits("/profile"), 1)
        XCTAssertEqual(origin.notModified("/profile"), 1)
        XCTAssertEqual(origin.received.last?.value(forHeader: "If-None-Match"), #""v1""#)
        XCTAssertEqual(revalidated.origin, .revalidated)
        XCTAssertEqual(revalidated.statusCode, 200)
        XCTAssertEqual(try revalidated.mapString(), "/profile #1")
        XCTAssertNil(revalidated.request?.value(forHTTPHeaderField: "If-None-Match"), "the caller's request")
    }

    func test_lastModified_isSentWithIfModifiedSince() async throws {
        // Given
        let modified = HTTPDateFormat.string(from: Date(timeIntervalSinceNow: -3600))
        origin.route("/report", headers: ["Cache-Control": "max-age=0", "Last-Modified": modified])
        let provider = Provider<Resource>(cache: HTTPCache())

        // When
        _ = try await provider.request(resource("/report"))
        let second = try await provider.request(resource("/report"))

        // Then
        XCTAssertEqual(origin.received.last?.value(forHeader: "If-Modified-Since"), modified)
        XCTAssertEqual(second.origin, .revalidated)
    }

    func test_noStore_andATargetThatSaysNothing_reachTheServerEveryTime() async throws {
        // Given
        origin.route("/private", headers: ["Cache-Control": "no-store"])
        origin.route("/plain", headers: ["Cache-Control": "max-age=60"])
        let provider = Provider<Resource>(cache: HTTPCache())

        // When
        for _ in 0..<2 {
            _ = try await provider.request(resource("/private"))
            _ = try await provider.request(resource("/plain", policy: nil))
        }

        // Then: no-store is not stored; a target with no policy keeps today's behaviour
        XCTAssertEqual(origin.hits("/private"), 2)
        XCTAssertEqual(origin.hits("/plain"), 2)
    }

    func test_providerPolicy_appliesToTargetsThatNameNone() async throws {
        // Given
        origin.route("/plain", headers: ["Cache-Control": "max-age=60"])
        let provider = Provider<Resource>(cache: HTTPCache(), cachePolicy: .httpSemantics)

        // When
        _ = try await provider.request(resource("/plain", policy: nil))
        let second = try await provider.request(resource("/plain", policy: nil))

        // Then
        XCTAssertEqual(origin.hits("/plain"), 1)
        XCTAssertEqual(second.origin, .cache)
    }

    func test_offlineFallback_answersTheStaleBodyWhenTheServerIsGone() async throws {
        // Given: a stored answer, stale at once, and then no server
        origin.route("/feed", headers: ["Cache-Control": "max-age=0"])
        let provider = Provider<Resource>(cache: HTTPCache())
        let feed = resource("/feed", policy: .offlineFallback)
        _ = try await provider.request(feed)
        origin.stop()

        // When
        let offline = try await provider.request(feed)

        // Then
        XCTAssertEqual(offline.origin, .staleAfterError)
        XCTAssertEqual(try offline.mapString(), "/feed #1")
    }

    func test_staleIfError_answersTheStoredBodyWhenTheServerFails() async throws {
        // Given
        origin.route("/prices", headers: ["Cache-Control": "max-age=0, stale-if-error=60"])
        let provider = Provider<Resource>(cache: HTTPCache())
        _ = try await provider.request(resource("/prices"))
        origin.route("/prices", status: 503, headers: [:])

        // When
        let answer = try await provider.request(resource("/prices"))

        // Then
        XCTAssertEqual(answer.origin, .staleAfterError)
        XCTAssertEqual(answer.statusCode, 200)
    }

    func test_staleWhileRevalidate_answersAtOnce_andRefreshesInTheBackground() async throws {
        // Given
        origin.route("/timeline", headers: ["Cache-Control": "max-age=0, stale-while-revalidate=60"])
        let provider = Provider<Resource>(cache: HTTPCache())
        _ = try await provider.request(resource("/timeline"))
        // The refreshed answer stays fresh, so that asking again triggers no further refresh.
        origin.route("/timeline", headers: ["Cache-Control": "max-age=60"])

        // When
        let stale = try await provider.request(resource("/timeline"))
        // Until the refresh is stored, the stale answer is given again, with no second refresh.
        var refreshed = stale
        for _ in 0..<500 where try refreshed.mapString() != "/timeline #2" {
            try await Task.sleep(for: .milliseconds(10))
            refreshed = try await provider.request(resource("/timeline"))
        }

        // Then
        XCTAssertEqual(stale.origin, .cache)
        XCTAssertEqual(try stale.mapString(), "/timeline #1")
        XCTAssertEqual(try refreshed.mapString(), "/timeline #2")
        XCTAssertEqual(refreshed.origin, .cache)
        XCTAssertEqual(origin.hits("/timeline"), 2, "one refresh, in the background")
    }

    func test_unsafeRequest_removesTheStoredAnswerForItsURL_whateverItsPolicy() async throws {
        // Given
        origin.route("/items", headers: ["Cache-Control": "max-age=60"])
        let provider = Provider<Resource>(cache: HTTPCache())
        _ = try await provider.request(resource("/items"))

        // When: a POST to the same URL, from a target that caches nothing
        var post = resource("/items", policy: CachePolicy.none)
        post.method = .post
        _ = try await provider.request(post)
        let after = try await provider.request(resource("/items"))

        // Then
        XCTAssertEqual(after.origin, .network)
        XCTAssertEqual(origin.hits("/items"), 3)
    }

    func test_vary_keepsOneAnswerPerHeaderValue() async throws {
        // Given
        origin.route("/greeting", headers: ["Cache-Control": "max-age=60", "Vary": "Accept-Language"])
        let provider = Provider<Resource>(cache: HTTPCache())
        var french = resource("/greeting")
        french.headers = ["Accept-Language": "fr"]
        var german = resource("/greeting")
        german.headers = ["Accept-Language": "de"]

        // When
        _ = try await provider.request(french)
        _ = try await provider.request(german)
        let frenchAgain = try await provider.request(french)

        // Then
        XCTAssertEqual(origin.hits("/greeting"), 2)
        XCTAssertEqual(try frenchAgain.mapString(), "/greeting #1")
    }

    func test_onlyIfCached_withNothingStored_answers504WithoutTheNetwork() async throws {
        // Given
        origin.route("/rare", headers: ["Cache-Control": "max-age=60"])
        let provider = Provider<Resource>(cache: HTTPCache())
        var rare = resource("/rare")
        rare.headers = ["Cache-Control": "only-if-cached"]

        // When
        let answer = await provider.result(rare)

        // Then
        XCTAssertEqual(answer.response?.statusCode, 504)
        XCTAssertEqual(origin.hits("/rare"), 0)
    }

    func test_removingATargetsAnswers_sendsItsNextRequestToTheServer() async throws {
        // Given
        origin.route("/news", headers: ["Cache-Control": "max-age=60"])
        origin.route("/sport", headers: ["Cache-Control": "max-age=60"])
        let provider = Provider<Resource>(cache: HTTPCache())
        _ = try await provider.request(resource("/news"))
        _ = try await provider.request(resource("/sport"))

        // When
        provider.removeCachedResponses(for: resource("/news"))
        let news = try await provider.request(resource("/news"))
        let sport = try await provider.request(resource("/sport"))

        // Then
        XCTAssertEqual(news.origin, .network)
        XCTAssertEqual(sport.origin, .cache)
    }

    func test_logger_saysWhenAnAnswerCameFromTheCache() async throws {
        // Given
        origin.route("/news", headers: ["Cache-Control": "max-age=60"])
        origin.route("/profile", headers: ["Cache-Control": "no-cache", "ETag": #""v1""#])
        let log = LogRecorder()
        let provider = Provider<Resource>(plugins: [log.logger(.default)], cache: HTTPCache())

        // When
        for path in ["/news", "/news", "/profile", "/profile"] { _ = try await provider.request(resource(path)) }

        // Then
        let responses = log.lines.filter { $0.contains("Response: 200") }
        XCTAssertEqual(responses.count, 4)
        XCTAssertFalse(responses[0].contains("from cache"))
        XCTAssertTrue(responses[1].contains(" (from cache) {"), responses[1])
        XCTAssertTrue(responses[3].contains(" (from cache, revalidated) {"), responses[3])
    }

    func test_thousandConcurrentRequestsForFiftyURLs_makeOneExchangePerURL() async throws {
        // Given
        for index in 0..<50 { origin.route("/item/\(index)", headers: ["Cache-Control": "max-age=60"]) }
        let provider = Provider<Resource>(cache: HTTPCache())
        let targets = (0..<1000).map { resource("/item/\($0 % 50)") }

        // When
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for target in targets { group.addTask { try await provider.request(target).mapString() } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }

        // Then
        XCTAssertEqual(bodies.count, 1000)
        XCTAssertEqual((0..<50).map { origin.hits("/item/\($0)") }, Array(repeating: 1, count: 50))
    }
}
