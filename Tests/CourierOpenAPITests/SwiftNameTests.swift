import CourierOpenAPIKit
import XCTest

final class SwiftNameTests: XCTestCase {
    func test_lowerCamel_dropsNonAlphanumericsAsWordBreaks() {
        XCTAssertEqual(SwiftName.lowerCamel("list-pets"), "listPets")
        XCTAssertEqual(SwiftName.lowerCamel("issues/list-for-repo"), "issuesListForRepo")
        XCTAssertEqual(SwiftName.lowerCamel("GetCustomersCustomer"), "getCustomersCustomer")
        XCTAssertEqual(SwiftName.lowerCamel("URLPath"), "urlPath")
        XCTAssertEqual(SwiftName.lowerCamel("X-Request-ID"), "xRequestID")
        XCTAssertEqual(SwiftName.lowerCamel("per_page"), "perPage")
        XCTAssertEqual(SwiftName.lowerCamel("ID"), "id")
        XCTAssertEqual(SwiftName.lowerCamel("+1"), "1")
    }

    func test_upperCamel_capitalisesEveryWord() {
        XCTAssertEqual(SwiftName.upperCamel("pet_status"), "PetStatus")
        XCTAssertEqual(SwiftName.upperCamel("simple-user"), "SimpleUser")
        XCTAssertEqual(SwiftName.upperCamel("chat.completion"), "ChatCompletion")
    }

    func test_keywords_areEscapedWithBackticks_andLabelsOnlyWhereSwiftNeedsIt() {
        XCTAssertEqual(SwiftName.escaped("default"), "`default`")
        XCTAssertEqual(SwiftName.escaped("pets"), "pets")
        XCTAssertEqual(SwiftName.label("in"), "in")
        XCTAssertEqual(SwiftName.label("var"), "`var`")
    }

    func test_identifier_prefixesALeadingDigit_andFallsBackForEmptyNames() {
        XCTAssertEqual(SwiftName.identifier("2fa", fallback: "x"), "_2fa")
        XCTAssertEqual(SwiftName.identifier("", fallback: "value"), "value")
    }

    func test_nameScope_givesTheSecondOfAName_aNumber() {
        // Given
        var scope = NameScope(reserved: ["body"])

        // Then
        XCTAssertEqual(scope.claim("pet"), "pet")
        XCTAssertEqual(scope.claim("pet"), "pet2")
        XCTAssertEqual(scope.claim("body"), "body2")
    }
}
