import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

final class APIEnvelopePluginTests: XCTestCase {
    struct Envelope: APIEnvelope {
        let code: Int
        let msg: String?
        var failure: APIEnvelopeError? { code == 0 ? nil : APIEnvelopeError(code: code, message: msg) }
    }

    /// A stubbed API that answers both shapes.
    enum Shop: TargetType {
        case product(Int)
        var baseURL: URL { URL(string: "https://shop.example")! }
        var path: String {
            if case .product(let id) = self { return "/products/\(id)" }
            return "/"
        }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var sampleData: Data {
            guard case .product(let id) = self, id > 0 else {
                return Data(#"{"code": 40401, "msg": "no such product", "data": null}"#.utf8)
            }
            return Data(#"{"code": 0, "msg": "ok", "data": {"id": \#(id), "name": "Lamp"}}"#.utf8)
        }
    }

    struct Product: Decodable, Equatable {
        let id: Int
        let name: String
    }

    private let provider = Provider<Shop>(
        stubClosure: Provider.immediatelyStub, plugins: [APIEnvelopePlugin(Envelope.self, payloadKeyPath: "data")])

    func test_successEnvelope_decodesStraightToThePayload() async throws {
        let product = try await provider.request(.product(3), as: Product.self)
        XCTAssertEqual(product, Product(id: 3, name: "Lamp"))
    }

    func test_errorEnvelopeWithHTTP200_failsWithTheServersCodeAndMessage() async {
        do {
            _ = try await provider.request(.product(0), as: Product.self)
            XCTFail("expected a failure")
        } catch {
            guard case .underlying(let envelope as APIEnvelopeError, let response?) = error else {
                return XCTFail("got \(error)")
            }
            XCTAssertEqual(envelope.code, "40401")
            XCTAssertEqual(envelope.message, "no such product")
            XCTAssertEqual(response.statusCode, 200)
        }
    }
}
