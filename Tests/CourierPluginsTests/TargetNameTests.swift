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

    func test_targetName_isTheCaseWithoutItsValues_everyTime() {
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

    /// A session object a target carries, the way apps pass a signed-in user along.
    private final class Session: Hashable {
        static func == (lhs: Session, rhs: Session) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    private enum Account: TargetType, Hashable {
        case profile(Session)
        var baseURL: URL { URL(string: "https://shop.example")! }
        var path: String { "/me" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
    }

    func test_namingATarget_keepsNothingItCarriesAlive() {
        weak var released: Session?
        do {
            let session = Session()
            released = session
            XCTAssertEqual(TargetName.of(Account.profile(session)), "profile")
        }
        XCTAssertNil(released, "the logger kept a target's associated value after naming it")
    }
}
