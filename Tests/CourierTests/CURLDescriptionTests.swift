import Courier
import CourierTestSupport
import XCTest

final class CURLDescriptionTests: XCTestCase {
    private func request(_ method: String = "POST", body: Data? = nil, headers: [String: String] = [:]) -> URLRequest {
        var request = URLRequest(url: URL(string: "https://x.io/a?token=s3cr3t&q=1")!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    func test_cURL_hidesSecretHeadersQueryAndBodyFieldsByDefault() {
        let outgoing = OutgoingRequest(
            request: request(
                body: Data(#"{"password":"hunter2","user":"ada"}"#.utf8), headers: ["Authorization": "Bearer s3cr3t"]),
            sessionHeaders: ["User-Agent": "test"])
        let line = outgoing.cURLDescription()
        XCTAssertFalse(line.contains("s3cr3t"), line)
        XCTAssertFalse(line.contains("hunter2"), line)
        XCTAssertTrue(line.contains("-H 'Authorization: <redacted>'"), line)
        XCTAssertTrue(line.contains("-H 'User-Agent: test'"), line)
        XCTAssertTrue(line.contains(#""user":"ada""#), line)
        XCTAssertTrue(line.hasPrefix("curl -X POST "), line)
    }

    func test_cURL_withoutRedaction_showsEverything() {
        let line = OutgoingRequest(request: request(headers: ["Authorization": "Bearer s3cr3t"])).cURLDescription(
            redacting: .none)
        XCTAssertTrue(line.contains("Bearer s3cr3t"))
        XCTAssertTrue(line.contains("token=s3cr3t"))
    }

    func test_cURL_quotesSoTheShellReadsTheSameBytes() {
        let quoted = OutgoingRequest(request: request(body: Data("it's".utf8))).cURLDescription()
        XCTAssertTrue(quoted.contains(#"--data-binary 'it'\''s'"#), quoted)
        let binary = OutgoingRequest(request: request(body: Data([0x00, 0x41, 0xFF, 0x27]))).cURLDescription()
        XCTAssertTrue(binary.contains(#"--data-binary $'\x00A\xff\''"#), binary)
    }

    func test_cURL_usesHeadForHEADRequests_andSaysWhenThereIsNoRequest() {
        XCTAssertTrue(OutgoingRequest(request: request("HEAD")).cURLDescription().hasPrefix("curl --head "))
        XCTAssertEqual(OutgoingRequest(request: nil).cURLDescription(), "curl (invalid request)")
    }
}
