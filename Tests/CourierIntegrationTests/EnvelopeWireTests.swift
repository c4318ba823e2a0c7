import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

/// httpbin's `/base64/…` answers the decoded text, so it serves any envelope over real HTTP.
final class EnvelopeWireTests: XCTestCase {
    struct Envelope: APIEnvelope {
        let code: Int
        let msg: String?
        var failure: APIEnvelopeError? { code == 0 ? nil : APIEnvelopeError(code: code, message: msg) }
    }

    struct Item: Decodable, Equatable {
        let id: Int
    }

    private func target(_ base: URL, answering body: String) -> HTTPBinTarget {
        let encoded = Data(body.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        return HTTPBinTarget(base, "/base64/\(encoded)")
    }

    func test_envelopeOverHTTP_givesThePayloadOrTheServersError() async throws {
        let base = try HTTPBin.baseURL()
        let provider = Provider<HTTPBinTarget>(plugins: [APIEnvelopePlugin(Envelope.self, payloadKeyPath: "data")])

        let item = try await provider.request(
            target(base, answering: #"{"code":0,"msg":"ok","data":{"id":9}}"#), as: Item.self)
        XCTAssertEqual(item, Item(id: 9))

        do {
            _ = try await provider.request(
                target(base, answering: #"{"code":500123,"msg":"quota exceeded"}"#), as: Item.self)
            XCTFail("expected a failure")
        } catch {
            guard case .underlying(let envelope as APIEnvelopeError, let response?) = error else {
                return XCTFail("got \(error)")
            }
            XCTAssertEqual(envelope, APIEnvelopeError(code: 500123, message: "quota exceeded"))
            XCTAssertEqual(response.statusCode, 200)
        }
    }
}
