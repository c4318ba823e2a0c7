import Courier
import CourierTestSupport
import XCTest

final class JSONEncodingTests: XCTestCase {
    private let plain = URLRequest(url: URL(string: "https://x.io")!)

    func test_default_writesCompactJSONWithSortedKeysAtEveryLevel() throws {
        let nested: [String: any Sendable] = ["d": true, "c": [3, 1]]
        let parameters: [String: any Sendable] = ["b": 1, "a": nested, "e": NSNull()]
        let request = try JSONEncoding.default.encode(plain, with: parameters)
        XCTAssertEqual(
            String(decoding: request.httpBody ?? Data(), as: UTF8.self), #"{"a":{"c":[3,1],"d":true},"b":1,"e":null}"#)
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    func test_prettyPrinted_indents() throws {
        let request = try JSONEncoding.prettyPrinted.encode(plain, with: ["a": 1])
        XCTAssertTrue(String(decoding: request.httpBody ?? Data(), as: UTF8.self).contains("\n"))
    }

    func test_existingContentType_isKept() throws {
        var request = plain
        request.setValue("application/merge-patch+json", forHTTPHeaderField: "Content-Type")
        let encoded = try JSONEncoding.default.encode(request, with: ["a": 1])
        XCTAssertEqual(encoded.value(forHTTPHeaderField: "Content-Type"), "application/merge-patch+json")
    }

    func test_nilParameters_leaveTheRequestUnchanged() throws {
        XCTAssertEqual(try JSONEncoding.default.encode(plain, with: nil), plain)
    }

    func test_invalidJSONValue_throwsNamingTheKeyInsteadOfCrashing() {
        XCTAssertThrowsError(try JSONEncoding.default.encode(plain, with: ["fine": 1, "broken": Double.nan])) {
            XCTAssertEqual($0 as? ParameterEncodingError, .unsupportedValue(key: "broken", type: "Double (nan)"))
        }
        struct Custom: Sendable {}
        XCTAssertThrowsError(try JSONEncoding.default.encode(plain, with: ["custom": Custom()])) {
            XCTAssertEqual($0 as? ParameterEncodingError, .unsupportedValue(key: "custom", type: "Custom"))
        }
    }
}
