import Courier
import CourierTestSupport
import XCTest

/// What httpbin received for the requests where Courier once sent other bytes than Moya 15 with
/// Alamofire 5 (see MoyaWireFixtureTests for the byte-level fixtures).
final class MoyaWireCompatibilityTests: XCTestCase {
    private let provider = Provider<HTTPBinTarget>()

    func test_multipartTask_overridesTargetContentType_andTheServerReadsTheForm() async throws {
        // Given: a target whose shared headers say JSON
        let base = try HTTPBin.baseURL()
        let parts = [
            MultipartFormBodyPart(provider: .data(Data("Ada".utf8)), name: "name"),
            MultipartFormBodyPart(
                provider: .data(Data("JPEG".utf8)), name: "photo", fileName: "me.jpg", mimeType: "image/jpeg"),
        ]
        let target = HTTPBinTarget(
            base, "/post", method: .post, task: .uploadMultipartFormData(parts),
            headers: ["Content-Type": "application/json", "Accept": "application/json"])

        // When
        let echo = try await provider.request(target, as: HTTPBinEcho.self)

        // Then
        XCTAssertTrue(
            echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") ?? false, "\(echo.headers)")
        XCTAssertEqual(echo.form["name"]?.string, "Ada")
        XCTAssertNotNil(echo.files["photo"])
    }

    func test_putWithEmptyParameters_sendsFormContentTypeAndAnEmptyBody() async throws {
        // Given
        let base = try HTTPBin.baseURL()
        let target = HTTPBinTarget(
            base, "/anything", method: .put, task: .requestParameters(parameters: [:], encoding: URLEncoding.default))

        // When
        let echo = try await provider.request(target, as: HTTPBinEcho.self)

        // Then
        XCTAssertEqual(echo.headers["Content-Type"], "application/x-www-form-urlencoded; charset=utf-8")
        XCTAssertEqual(echo.data, "")
        XCTAssertEqual(echo.form, [:])
    }

    func test_valuesMoyaSent_neverFailTheRequest() async throws {
        // Given: a [String: Any] built by an app helper, with a Date, an Optional and NSNull
        let base = try HTTPBin.baseURL()
        let nickname: String? = "ada"
        let parameters: [String: Any] = [
            "since": Date(timeIntervalSince1970: 0), "nick": nickname as Any, "none": NSNull(), "price": 150.0,
        ]
        let target = HTTPBinTarget(
            base, "/anything", task: .requestParameters(parameters: parameters, encoding: URLEncoding.queryString))

        // When
        let echo = try await provider.request(target, as: HTTPBinEcho.self)

        // Then
        XCTAssertEqual(
            echo.args,
            ["since": .string("1970-01-01 00:00:00 +0000"), "nick": .string("ada"), "price": .string("150")])
    }

    func test_literalPercentInAPath_reachesTheServerAsTheTextWritten() async throws {
        // Given
        let base = try HTTPBin.baseURL()

        // When
        let echo = try await provider.request(HTTPBinTarget(base, "/anything/coupons/100%AB"), as: HTTPBinEcho.self)

        // Then: sent as 100%25AB, which the server decodes back to the text (it shows decoded paths)
        XCTAssertEqual(echo.url, base.absoluteString + "/anything/coupons/100%AB")
    }
}
