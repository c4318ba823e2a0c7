import Courier
import CourierTestSupport
import XCTest

/// A multipart body is written only when it is sent, so a `Content-Length` a target sets is checked
/// against it then, still before anything reaches the server.
final class MultipartFramingWireTests: XCTestCase {
    func test_multipartWithAContradictingContentLength_isRefusedOnceWritten_andNothingIsSent() async throws {
        // Given
        let server = try RecordingServer()
        let form: MultipartFormData = [
            MultipartFormBodyPart(provider: .data(Data("Ada".utf8)), name: "name")
        ]
        let target = HTTPBinTarget(
            server.baseURL, "/upload", method: .post, task: .uploadMultipartFormData(form),
            headers: ["Content-Length": "3"])

        // When
        let result = await Provider<HTTPBinTarget>().result(target)
        let recording = server.stop()

        // Then
        guard case .failure(.underlying(let error as InvalidRequestError, nil)) = result,
            case .contentLength(let value, let bodyLength) = error
        else { return XCTFail("expected a Content-Length refusal, got \(result)") }
        XCTAssertEqual(value, "3")
        XCTAssertGreaterThan(bodyLength ?? 0, 3)
        XCTAssertEqual(recording.mostRequestsOnOneConnection, 0)
    }

    func test_stubbedMultipartWithAContentLength_isNotRefusedBeforeTheBodyExists() async throws {
        // Given: a stub writes no multipart body, so there is nothing to compare the length with
        let form: MultipartFormData = [MultipartFormBodyPart(provider: .data(Data("Ada".utf8)), name: "name")]
        let target = HTTPBinTarget(
            URL(string: "https://example.com")!, "/upload", method: .post, task: .uploadMultipartFormData(form),
            headers: ["Content-Length": "3"])

        // When
        let result = await Provider<HTTPBinTarget>(stubClosure: Provider.immediatelyStub).result(target)

        // Then
        XCTAssertNoThrow(try result.get())
    }
}
