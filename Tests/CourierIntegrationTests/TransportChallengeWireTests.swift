import Courier
import CourierPlugins
import CourierTestSupport
import Foundation
import XCTest

/// A `401` with `WWW-Authenticate` is an authentication challenge to URLSession. The transport
/// answers it the same way on every platform: the `401` comes back as the response, unless
/// `CredentialsPlugin` (or a header) sent credentials with the request.
final class TransportChallengeWireTests: XCTestCase {
    /// On Apple platforms "default handling" would answer with the stored credential. (Today's
    /// FoundationNetworking proposes none for this challenge, so on Linux this guards the rule only.)
    func test_storedCredential_neverAnswersTheChallenge() async throws {
        // Given: a credential stored for httpbin's Basic realm, in the session's own storage
        let base = try HTTPBin.baseURL()
        let space = URLProtectionSpace(
            host: try XCTUnwrap(base.host), port: try XCTUnwrap(base.port), protocol: "http", realm: "Fake Realm",
            authenticationMethod: NSURLAuthenticationMethodHTTPBasic)
        let storage = URLCredentialStorage()
        storage.setDefaultCredential(
            URLCredential(user: "ann", password: "secret", persistence: .forSession), for: space)
        let configuration = URLSessionTransport.defaultConfiguration()
        configuration.urlCredentialStorage = storage
        let provider = Provider<HTTPBinTarget>(transport: URLSessionTransport(configuration: configuration))

        // When
        let response = try await provider.request(HTTPBinTarget(base, "/basic-auth/ann/secret"))

        // Then
        XCTAssertEqual(response.statusCode, 401)
        XCTAssertNotNil(response.response?.value(forHTTPHeaderField: "WWW-Authenticate"))
    }

    func test_credentialsPlugin_answersWhereTheStorageDoesNot() async throws {
        // Given
        let base = try HTTPBin.baseURL()
        let plugin = CredentialsPlugin { _ in URLCredential(user: "ann", password: "secret", persistence: .none) }
        let provider = Provider<HTTPBinTarget>(plugins: [plugin])

        // When
        let response = try await provider.request(HTTPBinTarget(base, "/basic-auth/ann/secret"))

        // Then
        XCTAssertEqual(response.statusCode, 200)
    }

    func test_bearerChallenge_returnsThe401WithItsHeaders() async throws {
        // Given: 401 with `WWW-Authenticate: Bearer realm="courier"` and a JSON body
        let base = try MisbehavingServer.baseURL()

        // When
        let response = try await Provider<HTTPBinTarget>().request(HTTPBinTarget(base, "/auth"))

        // Then
        XCTAssertEqual(response.statusCode, 401)
        XCTAssertEqual(response.response?.value(forHTTPHeaderField: "WWW-Authenticate"), #"Bearer realm="courier""#)
        #if canImport(FoundationNetworking)
            // FoundationNetworking raises the challenge after the body; it is kept.
            XCTAssertEqual(String(decoding: response.data, as: UTF8.self), #"{"error": "token expired"}"#)
        #endif
    }
}
