import Courier
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `dump` and other `Mirror`-based printing walk a value's stored properties, not its description:
/// an error or a response dumped into a log shows no more than its description does.
final class ReflectionRedactionTests: XCTestCase {
    private func failedResponse() -> Response {
        var request = URLRequest(url: URL(string: "https://api.example/me?access_token=s3cr3t-query")!)
        request.setValue("Bearer s3cr3t-header", forHTTPHeaderField: "Authorization")
        return Response(statusCode: 401, data: Data(#"{"refresh_token":"s3cr3t-body"}"#.utf8), request: request)
    }

    func test_dumpOfACourierError_showsNoSecret() {
        // Given
        let error = CourierError.statusCode(failedResponse())

        // When
        var text = ""
        dump(error, to: &text)

        // Then
        XCTAssertFalse(text.contains("s3cr3t"), text)
        XCTAssertTrue(text.contains("access_token=%3Credacted%3E"), text)
    }

    func test_dumpOfAResponse_showsNoSecret() {
        // Given
        let response = failedResponse()

        // When
        var text = ""
        dump(response, to: &text)

        // Then
        XCTAssertFalse(text.contains("s3cr3t"), text)
        XCTAssertTrue(text.contains("statusCode: 401"), text)
    }
}
