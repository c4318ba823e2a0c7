import Courier
import CourierTestSupport
import Foundation
import XCTest

/// A dying origin's ways of failing count as errors for `stale-if-error` and the offline fallback
/// (RFC 5861 §4: every situation that would make a gateway answer `500`, `502`, `503` or `504`),
/// over the default transport, so over libcurl and URLSession in turn: an empty reply, a reset, an
/// answer that is not HTTP, silence until the timeout, and a head cut short.
final class CacheOriginFailureWireTests: XCTestCase {
    private var origin: CacheOrigin!

    override func setUpWithError() throws {
        origin = try CacheOrigin()
    }

    override func tearDown() {
        origin.stop()
    }

    /// The failures both transports survive. A head cut short stops the process over URLSession on
    /// Linux (``TransportDifference/headCutShort``), so it is tried where the transport survives it.
    private var failures: [CacheOrigin.Failure] {
        let survivable: [CacheOrigin.Failure] = [.emptyReply, .reset, .notHTTP, .silence]
        return survivable + TransportDifference.headCutShort.expected(curl: [.truncatedHead], urlSession: [])
    }

    /// Stores `path`'s answer (stale at once, with `cacheControl`), makes the origin fail as
    /// `failure` says, and asks again.
    private func askAgain(
        after failure: CacheOrigin.Failure, path: String, cacheControl: String, policy: CachePolicy
    ) async throws -> Result<Response, CourierError> {
        origin.route(path, headers: ["Cache-Control": cacheControl])
        let provider = Provider<CachedResource>(cache: HTTPCache())
        let resource = CachedResource(origin.baseURL, path, cachePolicy: policy, timeoutInterval: 2)
        _ = try await provider.request(resource)
        origin.fail(path, with: failure)
        return await provider.result(resource)
    }

    /// Asks again after each failure (see ``askAgain(after:path:cacheControl:policy:)``) and checks
    /// that the stored body answered, as a stale answer after an error.
    private func assertStaleAnswers(
        cacheControl: String, policy: CachePolicy, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        for failure in failures {
            // Given
            let path = "/resource-\(failure)"

            // When
            let result = try await askAgain(after: failure, path: path, cacheControl: cacheControl, policy: policy)

            // Then
            guard case .success(let answer) = result else {
                XCTFail("\(failure): \(result)", file: file, line: line)
                continue
            }
            XCTAssertEqual(answer.origin, .staleAfterError, "\(failure)", file: file, line: line)
            XCTAssertEqual(try answer.mapString(), "\(path) #1", "\(failure)", file: file, line: line)
        }
    }

    func test_staleIfError_answersTheStoredBody_whenTheOriginFailsWithoutAnAnswer() async throws {
        try await assertStaleAnswers(cacheControl: "max-age=0, stale-if-error=600", policy: .httpSemantics)
    }

    func test_offlineFallback_answersTheStoredBody_whenTheOriginFailsWithoutAnAnswer() async throws {
        try await assertStaleAnswers(cacheControl: "max-age=0", policy: .offlineFallback)
    }

    func test_originFailureWithoutAnAnswer_withoutStaleIfError_failsAsTheTransportReportsIt() async throws {
        for failure in failures {
            // Given: a stored answer no policy lets stand in for a failure
            let path = "/strict-\(failure)"

            // When
            let result = try await askAgain(
                after: failure, path: path, cacheControl: "max-age=0", policy: .httpSemantics)

            // Then: the transport's error, never the stale answer
            guard case .failure(.underlying(let error as URLError, _)) = result else {
                XCTFail("\(failure): \(result)")
                continue
            }
            let expected: [CacheOrigin.Failure: URLError.Code] = [
                .emptyReply: .badServerResponse, .truncatedHead: .badServerResponse, .reset: .networkConnectionLost,
                .notHTTP: .badServerResponse, .silence: .timedOut,
            ]
            XCTAssertEqual(error.code, expected[failure], "\(failure): \(error)")
        }
    }
}
