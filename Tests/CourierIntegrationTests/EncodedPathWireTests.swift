import Courier
import CourierTestSupport
import XCTest

/// A target whose path is percent-encoded already (``TargetType/pathIsPercentEncoded``) sends its
/// escapes as written, so a value holding a `/` stays one segment, as the raw bytes a server received
/// show (httpbin decodes the path before it echoes it).
final class EncodedPathWireTests: XCTestCase {
    private struct EncodedTarget: TargetType {
        let baseURL: URL
        let path: String
        var pathIsPercentEncoded: Bool { true }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
    }

    func test_percentEncodedPath_reachesTheServerWithItsEscapesAsWritten() async throws {
        // Given: the value "a/b c%" escaped as one segment
        let server = try RecordingServer()

        // When
        let result = await Provider<EncodedTarget>().result(
            EncodedTarget(baseURL: server.baseURL, path: "/files/a%2Fb%20c%25"))
        let recording = server.stop()

        // Then
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(recording.requests.map(\.target), ["/files/a%2Fb%20c%25"])
    }

    func test_percentEncodedPath_inAMultiTarget_reachesTheServerAsWritten() async throws {
        // Given
        let server = try RecordingServer()
        let target = MultiTarget(EncodedTarget(baseURL: server.baseURL, path: "/files/%3Bv%3D1%2C2 x"))

        // When
        let result = await Provider<MultiTarget>().result(target)
        let recording = server.stop()

        // Then: the escapes kept, the space escaped
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(recording.requests.map(\.target), ["/files/%3Bv%3D1%2C2%20x"])
    }

    func test_literalPath_escapesItsPercentSigns_soAnEscapedSlashIsNotSent() async throws {
        // Given
        let server = try RecordingServer()

        // When
        let result = await Provider<HTTPBinTarget>().result(HTTPBinTarget(server.baseURL, "/files/a%2Fb"))
        let recording = server.stop()

        // Then
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(recording.requests.map(\.target), ["/files/a%252Fb"])
    }
}
