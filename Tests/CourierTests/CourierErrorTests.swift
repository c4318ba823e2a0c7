import Courier
import CourierTestSupport
import XCTest

final class CourierErrorTests: XCTestCase {
    private let bare = Response(statusCode: 200, data: Data())
    private let underlying = NSError(domain: "UnderlyingDomain", code: 200, userInfo: ["data": "some data"])

    func test_response_isKeptByTheCasesThatHaveOne() {
        XCTAssertTrue(CourierError.imageMapping(bare).response === bare)
        XCTAssertTrue(CourierError.jsonMapping(bare).response === bare)
        XCTAssertTrue(CourierError.stringMapping(bare).response === bare)
        XCTAssertTrue(CourierError.objectMapping(underlying, bare).response === bare)
        XCTAssertTrue(CourierError.statusCode(bare).response === bare)
        XCTAssertTrue(CourierError.underlying(underlying, bare).response === bare)
        XCTAssertNil(CourierError.underlying(underlying, nil).response)
        XCTAssertNil(CourierError.encodableMapping(underlying).response)
        XCTAssertNil(CourierError.requestMapping("http://www.example.com").response)
        XCTAssertNil(CourierError.parameterEncoding(underlying).response)
    }

    func test_descriptions_ofBareErrors_areMoyas() {
        XCTAssertEqual(CourierError.imageMapping(bare).errorDescription, "Failed to map data to an Image.")
        XCTAssertEqual(CourierError.jsonMapping(bare).errorDescription, "Failed to map data to JSON.")
        XCTAssertEqual(CourierError.stringMapping(bare).errorDescription, "Failed to map data to a String.")
        XCTAssertEqual(
            CourierError.objectMapping(underlying, bare).errorDescription, "Failed to map data to a Decodable object.")
        XCTAssertEqual(
            CourierError.encodableMapping(underlying).errorDescription, "Failed to encode Encodable object into data.")
        XCTAssertEqual(
            CourierError.statusCode(bare).errorDescription, "Status code didn't fall within the given range.")
        XCTAssertEqual(CourierError.underlying(underlying, nil).errorDescription, underlying.localizedDescription)
        XCTAssertEqual(
            CourierError.requestMapping("http://www.example.com").errorDescription,
            "Failed to map Endpoint to a URLRequest.")
        XCTAssertEqual(
            CourierError.parameterEncoding(underlying).errorDescription,
            "Failed to encode parameters for URLRequest. \(underlying.localizedDescription)")
    }

    func test_description_ofAnAnswer_namesMethodURLStatusAndBodyButNoSecrets() {
        // Given
        var request = URLRequest(url: URL(string: "https://api.x.io/users/7?access_token=s3cr3t&page=2")!)
        request.httpMethod = "DELETE"
        request.setValue("Bearer s3cr3t", forHTTPHeaderField: "Authorization")
        let answer = Response(statusCode: 404, data: Data(#"{"message":"Not Found"}"#.utf8), request: request)
        // When
        let text = CourierError.statusCode(answer).localizedDescription
        // Then
        XCTAssertTrue(text.hasPrefix("Status code didn't fall within the given range."), text)
        XCTAssertTrue(text.contains("DELETE https://api.x.io/users/7?access_token=%3Credacted%3E&page=2"), text)
        XCTAssertTrue(text.contains("HTTP 404"), text)
        XCTAssertTrue(text.contains(#"{"message":"Not Found"}"#), text)
        XCTAssertFalse(text.contains("s3cr3t"), text)
    }

    func test_description_ofALongOrBinaryBody_isShortened() {
        let long = Response(statusCode: 500, data: Data(String(repeating: "x", count: 5000).utf8))
        XCTAssertTrue(CourierError.statusCode(long).localizedDescription.contains("(5000 bytes)"))
        let binary = Response(statusCode: 500, data: Data([0, 1, 2, 3, 0xFF]))
        XCTAssertTrue(
            CourierError.jsonMapping(binary).localizedDescription.contains("<5 bytes of binary data>"))
    }

    func test_description_ofTransportErrors_saysWhatToCheck() {
        let refused = URLError(
            .cannotConnectToHost,
            userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "http://127.0.0.1:1/x?token=abc")!])
        let text = CourierError.underlying(refused, nil).localizedDescription
        XCTAssertTrue(text.contains("Could not connect to the server"), text)
        XCTAssertTrue(text.contains("http://127.0.0.1:1/x?token=%3Credacted%3E"), text)
    }

    func test_description_ofATransportError_keepsTheTransportsReason() {
        // Given: what libcurl and FoundationNetworking say about answers they refuse
        var reasons: [(URLError.Code, String)] = [(.unknown, "Invalid Content-Length: value")]
        #if canImport(FoundationNetworking)
            // Codes Courier has a sentence for keep the transport's words where libcurl says them
            reasons += [
                (.badServerResponse, "Nul byte in header"),
                (.cannotDecodeContentData, "Error while processing content unencoding: invalid stored block lengths"),
                (.badServerResponse, "The response's header lines passed 262144 bytes; the transfer was stopped."),
            ]
        #endif
        for (code, reason) in reasons {
            let error = URLError(
                code,
                userInfo: [NSLocalizedDescriptionKey: reason, NSURLErrorFailingURLErrorKey: URL(string: "http://h/x")!])

            // When
            let text = CourierError.underlying(error, nil).localizedDescription

            // Then
            XCTAssertTrue(text.contains(reason), text)
            XCTAssertTrue(text.hasSuffix("(http://h/x)"), text)
        }
    }

    func test_description_ofATransportError_doesNotRepeatTheSameSentence() {
        // Given: a timeout described in the words Courier uses for it
        let error = URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: "The request timed out."])

        // When
        let text = CourierError.underlying(error, nil).localizedDescription

        // Then
        XCTAssertEqual(text.components(separatedBy: "timed out").count, 2, text)
    }

    func test_description_ofUndecodableOrEndlesslyRedirectedAnswers_saysSoInWords() {
        let undecodable = CourierError.underlying(URLError(.cannotDecodeContentData), nil).localizedDescription
        XCTAssertTrue(undecodable.contains("Content-Encoding"), undecodable)
        let redirected = CourierError.underlying(URLError(.httpTooManyRedirects), nil).localizedDescription
        XCTAssertTrue(redirected.contains("redirect"), redirected)
    }

    func test_description_ofAnInvalidURL_namesIt() {
        XCTAssertTrue(
            CourierError.requestMapping("not a url").localizedDescription.contains("\"not a url\" is not a valid URL"))
    }

    func test_errorCodes_areMoyas() {
        let errors: [CourierError] = [
            .imageMapping(bare), .jsonMapping(bare), .stringMapping(bare), .objectMapping(underlying, bare),
            .encodableMapping(underlying), .statusCode(bare), .underlying(underlying, bare),
            .requestMapping("http://www.example.com"), .parameterEncoding(underlying),
        ]
        XCTAssertEqual(errors.map(\.errorCode), Array(0...8))
        XCTAssertEqual((CourierError.imageMapping(bare) as NSError).code, 0)
        XCTAssertNil(CourierError.imageMapping(bare).underlyingError)
    }

    func test_bridgedNSError_carriesDescriptionAndUnderlyingError() {
        let error = CourierError.underlying(underlying, nil) as NSError
        XCTAssertEqual(error.userInfo[NSLocalizedDescriptionKey] as? String, underlying.localizedDescription)
        XCTAssertEqual(error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying)
        XCTAssertNil((CourierError.jsonMapping(bare) as NSError).userInfo[NSUnderlyingErrorKey])
    }

    func test_isCancelled_recognisesEveryFormOfCancellation() {
        XCTAssertTrue(CourierError.cancelled.isCancelled)
        XCTAssertEqual((CourierError.cancelled.underlyingError as NSError?)?.code, NSURLErrorCancelled)
        XCTAssertTrue(CourierError.underlying(CancellationError(), nil).isCancelled)
        XCTAssertFalse(CourierError.underlying(URLError(.timedOut), nil).isCancelled)
        XCTAssertFalse(CourierError.statusCode(bare).isCancelled)
    }

    func test_description_hidesSecretFieldsInTheBody() {
        let login = Response(
            statusCode: 500, data: Data(#"{"access_token":"s3cr3t","error":"late"}"#.utf8),
            request: URLRequest(url: URL(string: "https://auth.example/token")!))
        let text = CourierError.statusCode(login).localizedDescription
        XCTAssertFalse(text.contains("s3cr3t"), text)
        XCTAssertTrue(text.contains(#""error":"late""#), text)
        let form = Response(statusCode: 400, data: Data("user=ada&password=hunter2".utf8))
        XCTAssertFalse(CourierError.statusCode(form).localizedDescription.contains("hunter2"))
    }
}
