import XCTest

@testable import Courier

/// `mapImage()` reads the body with the platform's image type (`UIImage(data:)`, `NSImage(data:)`),
/// which Linux lacks; these tests run its logic with a stand-in image type.
final class ResponseImageMappingTests: XCTestCase {
    private struct Picture: Equatable {
        let bytes: Data

        /// Reads "PNG…" bodies only, as an image type reads its own formats only.
        init?(data: Data) {
            guard data.starts(with: Data("PNG".utf8)) else { return nil }
            bytes = data
        }
    }

    func test_mapImage_givesTheImageTheBodyMakes() throws {
        // Given
        let response = Response(statusCode: 200, data: Data("PNG body".utf8))

        // When
        let picture = try response.mapImage(Picture.init(data:))

        // Then
        XCTAssertEqual(picture.bytes, Data("PNG body".utf8))
    }

    func test_mapImage_ofABodyThatIsNoImage_failsWithImageMapping_keepingTheResponse() {
        // Given
        let response = Response(statusCode: 200, data: Data("<html>".utf8))

        // When / Then
        XCTAssertThrowsError(try response.mapImage(Picture.init(data:))) { error in
            guard case .imageMapping(let kept) = error as? CourierError else { return XCTFail("got \(error)") }
            XCTAssertTrue(kept === response)
            XCTAssertTrue("\(error)".hasPrefix("Failed to map data to an Image."), "\(error)")
        }
    }
}
