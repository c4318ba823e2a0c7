import Courier
import CourierPlugins
import CourierTestSupport
import Foundation
import XCTest

/// Headers that hold credentials never follow a redirect to another origin (RFC 9110 §15.4): the
/// ones every client knows (`Authorization`, `Proxy-Authorization`, `Cookie`), every header whose
/// name holds a secret by ``Redaction/default``'s rule (an API key, a token), and those the target
/// names in ``TargetType/credentialHeaders``. Over the default transport, so over libcurl and
/// URLSession in turn, on raw servers that record every byte.
final class RedirectCredentialWireTests: XCTestCase {
    private struct Signed: TargetType, Sendable {
        let baseURL: URL
        var path: String { "/start" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var timeoutInterval: TimeInterval? { 5 }
        var headers: [String: String]? {
            [
                "Authorization": "Bearer auth-secret", "X-API-Key": "key-secret", "X-Auth-Token": "token-secret",
                "Api-Key": "apikey-secret", "X-Session": "session-secret", "X-Kept": "kept",
            ]
        }
        /// A header no name rule knows, declared by the target, in another case than it is sent.
        var credentialHeaders: Set<String> { ["x-session"] }
    }

    private static let credentials = ["Authorization", "X-API-Key", "X-Auth-Token", "Api-Key", "X-Session"]

    /// A server that redirects `/start` to `location`, and answers anything else with `ok`.
    private static func redirecting(to location: @escaping @Sendable (URL) -> String) throws -> RecordingServer {
        let base = Locked<URL?>(nil)
        let server = try RecordingServer { request in
            guard request.target == "/start", let url = base.value else { return RecordingServer.okResponse }
            return Data("HTTP/1.1 302 Found\r\nLocation: \(location(url))\r\nContent-Length: 0\r\n\r\n".utf8)
        }
        base.withLock { $0 = server.baseURL }
        return server
    }

    func test_redirectToAnotherOrigin_dropsCredentialHeaders_knownByNameOrNamedByTheTarget() async throws {
        // Given
        let destination = try RecordingServer()
        defer { destination.stop() }
        let landing = destination.baseURL.appendingPathComponent("landing").absoluteString
        let start = try Self.redirecting { _ in landing }
        defer { start.stop() }

        // When
        let response = try await Provider<Signed>().request(Signed(baseURL: start.baseURL))

        // Then: the first origin got every header; the other one none of the credentials
        XCTAssertEqual(response.statusCode, 200)
        let sent = try XCTUnwrap(start.stop().requests.first)
        let arrived = try XCTUnwrap(destination.stop().requests.first)
        for name in Self.credentials {
            XCTAssertNotNil(sent.value(forHeader: name), name)
            XCTAssertNil(arrived.value(forHeader: name), name)
        }
        XCTAssertEqual(arrived.value(forHeader: "X-Kept"), "kept")
    }

    func test_redirectWithinTheOrigin_keepsEveryHeader() async throws {
        // Given
        let server = try Self.redirecting { base in base.appendingPathComponent("landing").absoluteString }
        defer { server.stop() }

        // When
        _ = try await Provider<Signed>().request(Signed(baseURL: server.baseURL))

        // Then
        let requests = server.stop().requests
        XCTAssertEqual(requests.map(\.target), ["/start", "/landing"])
        for name in Self.credentials + ["X-Kept"] {
            XCTAssertEqual(requests.last?.value(forHeader: name), requests.first?.value(forHeader: name), name)
        }
    }

    func test_logger_hidesTheHeadersTheTargetNamesAsCredentials() async throws {
        // Given
        let server = try RecordingServer()
        defer { server.stop() }
        let log = LogRecorder()
        let provider = Provider<Signed>(plugins: [log.logger(.verbose)])

        // When
        _ = try await provider.request(Signed(baseURL: server.baseURL))

        // Then
        let text = log.lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("X-Kept"), text)
        for secret in ["auth-secret", "key-secret", "token-secret", "apikey-secret", "session-secret"] {
            XCTAssertFalse(text.contains(secret), secret)
        }
    }
}
