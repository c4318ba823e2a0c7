import Courier
import CourierTestSupport
import XCTest

/// `{"code": 0, "msg": "ok", "data": …}` as many APIs answer, checked in `Response` terms.
final class APIEnvelopeTests: XCTestCase {
    struct Envelope: APIEnvelope {
        let code: Int
        let msg: String?
        var failure: APIEnvelopeError? { code == 0 ? nil : APIEnvelopeError(code: code, message: msg) }
    }

    private func response(_ body: String) -> Response {
        Response(statusCode: 200, data: Data(body.utf8))
    }

    func test_success_handsOnThePayload() throws {
        let unwrapped = try response(#"{"code": 0, "msg": "ok", "data": {"id": 7}}"#)
            .unwrappingEnvelope(Envelope.self, payloadKeyPath: "data")
        XCTAssertEqual(try unwrapped.mapJSON() as? [String: Int], ["id": 7])
        XCTAssertEqual(unwrapped.statusCode, 200)
    }

    func test_failureCode_becomesAnErrorWithTheServersCodeMessageAndResponse() {
        let original = response(#"{"code": 40401, "msg": "user not found", "data": null}"#)
        XCTAssertThrowsError(try original.unwrappingEnvelope(Envelope.self, payloadKeyPath: "data")) {
            guard case .underlying(let error as APIEnvelopeError, let kept) = $0 as? CourierError else {
                return XCTFail("got \($0)")
            }
            XCTAssertEqual(error, APIEnvelopeError(code: 40401, message: "user not found"))
            XCTAssertTrue(kept === original)
            XCTAssertEqual(
                ($0 as? CourierError)?.localizedDescription.hasPrefix(
                    "The server reported error 40401: user not found."), true)
        }
    }

    func test_bodyThatIsNoEnvelope_passesUnchanged() throws {
        let page = response("<html>502 Bad Gateway</html>")
        XCTAssertTrue(try page.unwrappingEnvelope(Envelope.self, payloadKeyPath: "data") === page)
    }

    func test_nullPayload_givesAnEmptyBody() throws {
        let unwrapped = try response(#"{"code": 0, "data": null}"#).unwrappingEnvelope(
            Envelope.self, payloadKeyPath: "data")
        XCTAssertEqual(unwrapped.data, Data())
    }

    func test_textCodes_work() {
        struct Textual: APIEnvelope {
            let status: String
            var failure: APIEnvelopeError? { status == "OK" ? nil : APIEnvelopeError(code: status) }
        }
        XCTAssertThrowsError(try response(#"{"status": "RATE_LIMITED"}"#).unwrappingEnvelope(Textual.self)) {
            guard case .underlying(let error as APIEnvelopeError, _) = $0 as? CourierError else { return XCTFail() }
            XCTAssertEqual(error.code, "RATE_LIMITED")
        }
    }
}
