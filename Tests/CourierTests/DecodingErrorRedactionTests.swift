import Courier
import CourierTestSupport
import Foundation
import XCTest

/// A decoder's own words can quote the value that did not decode: the standard library's error
/// for a `RawRepresentable` says `Cannot initialize Key from invalid String value sk_live_…`.
/// Under a secret key (`apiKey`, `token`, `user.password`) those words are left out of every
/// description Courier writes; under any other key they stay, as they say what was wrong.
final class DecodingErrorRedactionTests: XCTestCase {
    /// `{"user":{"apiKey":…},"role":…}` where the key must start with `sk_`.
    private struct SignedInUser: Decodable {
        struct SecretKey: RawRepresentable, Decodable {
            let rawValue: String
            init?(rawValue: String) {
                guard rawValue.hasPrefix("sk_") else { return nil }
                self.rawValue = rawValue
            }
        }
        struct User: Decodable { let apiKey: SecretKey }
        let user: User
    }

    /// `{"role":…}` where the role must be `admin`.
    private struct SignedInRole: Decodable {
        enum Role: String, Decodable { case admin }
        let role: Role
    }

    private enum Account: TargetType {
        case me
        var baseURL: URL { URL(string: "https://accounts.example")! }
        var path: String { "/me" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var sampleData: Data { Self.body }

        static let body = Data(#"{"user":{"apiKey":"pk_live_s3cr3t"},"role":"owner"}"#.utf8)
    }

    private func decodingError<T: Decodable>(_ type: T.Type) -> any Error {
        do {
            _ = try JSONDecoder().decode(type, from: Account.body)
            return CocoaError(.coderValueNotFound)
        } catch {
            return error
        }
    }

    func test_objectMapping_doesNotQuoteAValueUnderASecretKey_butQuotesAnyOther() {
        // Given
        let response = Response(statusCode: 200, data: Data())
        let secret = CourierError.objectMapping(decodingError(SignedInUser.self), response)
        let harmless = CourierError.objectMapping(decodingError(SignedInRole.self), response)

        // When
        let texts = ProducedTexts.of(secret)

        // Then
        XCTAssertEqual(texts.filter { $0.contains("s3cr3t") }, [])
        XCTAssertTrue(secret.description.contains("at user.apiKey"), secret.description)
        XCTAssertTrue(harmless.description.contains("invalid String value owner"), harmless.description)
    }

    func test_typedTargetDecodingError_doesNotQuoteAValueUnderASecretKey() async {
        // Given
        let provider = Provider<Account>(stubClosure: Provider.immediatelyStub)

        // When
        do {
            _ = try await provider.request(TypedTarget<Account, SignedInUser>(.me))
            XCTFail("the key does not start with sk_")
        } catch {
            // Then
            guard case .objectMapping(let underlying as TypedTargetDecodingError, _) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertFalse(underlying.description.contains("s3cr3t"), underlying.description)
            XCTAssertFalse(underlying.localizedDescription.contains("s3cr3t"), underlying.localizedDescription)
            XCTAssertFalse(error.description.contains("s3cr3t"), error.description)
            XCTAssertTrue(underlying.description.contains(#"failed at "user.apiKey""#), underlying.description)
        }
    }
}
