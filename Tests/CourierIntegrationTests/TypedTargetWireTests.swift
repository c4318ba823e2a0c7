import Courier
import CourierPlugins
import CourierTestSupport
import Foundation
import XCTest

/// Typed targets over the wire: httpbin's answers decoded as the typed target's type, through the
/// default transport (libcurl on Linux; URLSession in the run with COURIER_TRANSPORT=urlsession).
final class TypedTargetWireTests: XCTestCase {
    private struct Slideshow: Decodable, Equatable {
        let title: String
        let author: String
    }

    func test_decodableAnswer_atAKeyPath_fromTheServer() async throws {
        // Given: httpbin's /json holds {"slideshow": {"author": …, "title": …, …}}
        let target = HTTPBinTarget(try HTTPBin.baseURL(), "/json", validationType: .successCodes)
        let typed = TypedTarget<HTTPBinTarget, Slideshow>(target, atKeyPath: "slideshow")

        // When
        let slideshow = try await Provider<HTTPBinTarget>().request(typed)

        // Then
        XCTAssertEqual(slideshow, Slideshow(title: "Sample Slide Show", author: "Yours Truly"))
    }

    func test_voidAnswer_for204_andAStatusTheTargetRefusesFailsWithItsResponse() async throws {
        // Given
        let base = try HTTPBin.baseURL()
        let provider = Provider<HTTPBinTarget>()

        // When
        try await provider.request(
            TypedTarget<HTTPBinTarget, Void>(HTTPBinTarget(base, "/status/204", validationType: .successCodes)))
        let refused = TypedTarget<HTTPBinTarget, Void>(
            HTTPBinTarget(base, "/status/409", validationType: .successCodes))
        do {
            try await provider.request(refused)
            XCTFail("409 is not a success")
        } catch {
            // Then
            XCTAssertEqual(error.response?.statusCode, 409)
        }
    }

    func test_bodyThatIsNotTheType_failsWithTheResponseAndThePlace() async throws {
        // Given: /uuid answers {"uuid": "…"}, not a slideshow
        let typed = TypedTarget<HTTPBinTarget, Slideshow>(HTTPBinTarget(try HTTPBin.baseURL(), "/uuid"))

        // When
        do {
            _ = try await Provider<HTTPBinTarget>(plugins: [
                NetworkLoggerPlugin(configuration: .init(output: { _, _ in }))
            ])
            .request(typed)
            XCTFail("a uuid is not a slideshow")
        } catch {
            // Then
            guard case .objectMapping(let named as TypedTargetDecodingError, let response) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(named.target, "HTTPBinTarget")
            XCTAssertEqual(named.keyPath, "title")
            XCTAssertTrue(String(decoding: response.data, as: UTF8.self).contains("uuid"))
        }
    }
}
