import Courier
import CourierTestSupport
import XCTest

@testable import CourierPlugins

final class TargetNameTests: XCTestCase {
    private enum Shop: TargetType, Hashable {
        case product(id: Int)
        case cart
        case search(query: String, page: Int)
        var baseURL: URL { URL(string: "https://shop.example")! }
        var path: String { "/" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
    }

    private struct Login: TargetType {
        let password: String
        var baseURL: URL { URL(string: "https://shop.example")! }
        var path: String { "/login" }
        var method: HTTPMethod { .post }
        var task: HTTPTask { .requestPlain }
    }

    private struct Described: TargetType, CustomStringConvertible {
        var baseURL: URL { URL(string: "https://shop.example")! }
        var path: String { "/" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var description: String { "my own name" }
    }

    func test_targetName_isTheCaseWithoutItsValues_alsoWhenCached() {
        // Repeated lookups go through the cache; every answer must stay the case's own name.
        for _ in 0..<3 {
            XCTAssertEqual(TargetName.of(Shop.product(id: 1)), "product")
            XCTAssertEqual(TargetName.of(Shop.product(id: 2)), "product")
            XCTAssertEqual(TargetName.of(Shop.cart), "cart")
            XCTAssertEqual(TargetName.of(Shop.search(query: "s3cr3t", page: 2)), "search")
            XCTAssertEqual(TargetName.of(MultiTarget(Shop.cart)), "cart")
        }
    }

    func test_targetName_ofAStructIsItsType_andNeverItsStoredValues() {
        XCTAssertEqual(TargetName.of(Login(password: "hunter2")), "Login")
    }

    func test_targetName_usesAnOwnDescription() {
        XCTAssertEqual(TargetName.of(Described()), "my own name")
    }
}
