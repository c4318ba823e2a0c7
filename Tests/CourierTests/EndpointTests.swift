import Courier
import CourierTestSupport
import XCTest

final class EndpointTests: XCTestCase {
    private struct Issue: Codable, Equatable {
        let title: String
        let rating: Float
    }

    private func endpoint(
        _ task: HTTPTask, method: HTTPMethod = .get, headers: [String: String]? = ["Title": "Dominar"]
    )
        -> Endpoint
    {
        Endpoint(
            url: "https://api.github.com/zen", sampleResponseClosure: { .networkResponse(200, Data()) },
            method: method, task: task, httpHeaderFields: headers)
    }

    // MARK: - adding and replacing

    func test_addingHeaders_newValueWinsAndOthersStay() {
        // Given
        let original = endpoint(.requestPlain, headers: ["Title": "Dominar", "Accept": "text/plain"])
        // When
        let changed = original.adding(newHTTPHeaderFields: ["title": "Zalbinian", "User-Agent": "Courier"])
        // Then
        XCTAssertEqual(
            changed.httpHeaderFields, ["title": "Zalbinian", "Accept": "text/plain", "User-Agent": "Courier"])
        XCTAssertEqual(original.httpHeaderFields, ["Title": "Dominar", "Accept": "text/plain"])
        XCTAssertEqual(changed.url, original.url)
        XCTAssertEqual(changed.method, original.method)
    }

    func test_addingEmptyHeaders_changesNothing() {
        XCTAssertNil(endpoint(.requestPlain, headers: nil).adding(newHTTPHeaderFields: [:]).httpHeaderFields)
    }

    func test_replacingTask_keepsEverythingElse() throws {
        let replaced = endpoint(.requestPlain).replacing(task: .requestData(Data("body".utf8)))
        let request = try replaced.urlRequest()
        XCTAssertEqual(request.httpBody, Data("body".utf8))
        XCTAssertEqual(request.value(forHTTPHeaderField: "Title"), "Dominar")
    }

    // MARK: - urlRequest()

    func test_requestPlain_hasMethodHeadersAndNoBody() throws {
        let request = try endpoint(.requestPlain, method: .delete).urlRequest()
        XCTAssertEqual(request.url?.absoluteString, "https://api.github.com/zen")
        XCTAssertEqual(request.httpMethod, "DELETE")
        XCTAssertEqual(request.allHTTPHeaderFields, ["Title": "Dominar"])
        XCTAssertNil(request.httpBody)
    }

    func test_requestData_setsBodyWithoutContentType() throws {
        let request = try endpoint(.requestData(Data("test data".utf8))).urlRequest()
        XCTAssertEqual(request.httpBody, Data("test data".utf8))
        XCTAssertEqual(request.allHTTPHeaderFields, ["Title": "Dominar"])
    }

    func test_requestJSONEncodable_encodesBodyAndSetsJSONContentType() throws {
        let request = try endpoint(.requestJSONEncodable(Issue(title: "Hello", rating: 1))).urlRequest()
        XCTAssertEqual(
            try JSONDecoder().decode(Issue.self, from: request.httpBody ?? Data()), Issue(title: "Hello", rating: 1))
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    func test_requestJSONEncodable_keepsTargetContentType() throws {
        let request = try endpoint(
            .requestJSONEncodable(Issue(title: "Hello", rating: 1)),
            headers: ["Content-Type": "application/vnd.api+json"]
        ).urlRequest()
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/vnd.api+json")
    }

    func test_requestCustomJSONEncodable_usesTheGivenEncoder() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        struct Body: Encodable, Sendable { let firstName: String }
        let request = try endpoint(.requestCustomJSONEncodable(Body(firstName: "Ada"), encoder: encoder)).urlRequest()
        XCTAssertEqual(String(decoding: request.httpBody ?? Data(), as: UTF8.self), #"{"first_name":"Ada"}"#)
    }

    func test_requestJSONEncodable_thatThrows_failsWithEncodableMapping() {
        XCTAssertThrowsError(try endpoint(.requestJSONEncodable(Issue(title: "x", rating: .infinity))).urlRequest()) {
            guard case .encodableMapping = $0 as? CourierError else { return XCTFail("got \($0)") }
        }
    }

    func test_requestParameters_useTheirEncoding() throws {
        let request = try endpoint(
            .requestParameters(parameters: ["Nemesis": "Harvey"], encoding: JSONEncoding.default)
        )
        .urlRequest()
        XCTAssertEqual(String(decoding: request.httpBody ?? Data(), as: UTF8.self), #"{"Nemesis":"Harvey"}"#)
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    func test_requestCompositeData_putsParametersInQueryAndDataInBody() throws {
        let request = try endpoint(
            .requestCompositeData(bodyData: Data("test data".utf8), urlParameters: ["Nemesis": "Harvey"]), method: .post
        ).urlRequest()
        XCTAssertEqual(request.url?.absoluteString, "https://api.github.com/zen?Nemesis=Harvey")
        XCTAssertEqual(request.httpBody, Data("test data".utf8))
    }

    func test_requestCompositeParameters_putsEachSetInItsPlace() throws {
        let request = try endpoint(
            .requestCompositeParameters(
                bodyParameters: ["Nemesis": "Harvey"], bodyEncoding: JSONEncoding.default,
                urlParameters: ["Harvey": "Nemesis"]),
            method: .get
        ).urlRequest()
        XCTAssertEqual(request.url?.absoluteString, "https://api.github.com/zen?Harvey=Nemesis")
        XCTAssertEqual(String(decoding: request.httpBody ?? Data(), as: UTF8.self), #"{"Nemesis":"Harvey"}"#)
    }

    func test_requestCompositeParameters_withQueryBodyEncoding_failsWithParameterEncoding() {
        for encoding in [URLEncoding.queryString, URLEncoding.default] {
            let task = HTTPTask.requestCompositeParameters(
                bodyParameters: ["a": 1], bodyEncoding: encoding, urlParameters: ["b": 2])
            XCTAssertThrowsError(try endpoint(task).urlRequest()) {
                guard case .parameterEncoding(let error) = $0 as? CourierError else { return XCTFail("got \($0)") }
                XCTAssertTrue("\(error)".contains("URLEncoding.httpBody"), "\(error)")
            }
        }
        let allowed = HTTPTask.requestCompositeParameters(
            bodyParameters: ["a": 1], bodyEncoding: URLEncoding.httpBody, urlParameters: ["b": 2])
        XCTAssertNoThrow(try endpoint(allowed, method: .post).urlRequest())
    }

    func test_uploadCompositeMultipart_putsParametersInQuery() throws {
        let request = try endpoint(.uploadCompositeMultipartFormData([], urlParameters: ["Harvey": "Nemesis"]))
            .urlRequest()
        XCTAssertEqual(request.url?.absoluteString, "https://api.github.com/zen?Harvey=Nemesis")
        XCTAssertNil(request.httpBody)
    }

    func test_invalidURL_failsWithRequestMapping() {
        let invalid = Endpoint(
            url: "some invalid URL", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get,
            task: .requestPlain, httpHeaderFields: nil)
        XCTAssertThrowsError(try invalid.urlRequest()) {
            guard case .requestMapping(let url) = $0 as? CourierError else { return XCTFail("got \($0)") }
            XCTAssertEqual(url, "some invalid URL")
        }
    }

    func test_dateParameter_inTheQuery_isSentAsMoyaSentIt() throws {
        let date = Date(timeIntervalSince1970: 0)
        let task = HTTPTask.requestParameters(parameters: ["when": date], encoding: URLEncoding.queryString)
        XCTAssertEqual(
            try endpoint(task).urlRequest().url?.absoluteString,
            "https://api.github.com/zen?when=1970-01-01%2000%3A00%3A00%20%2B0000")
    }

    func test_dateParameter_inJSON_failsWithParameterEncodingNamingTheKeyAndType() {
        let task = HTTPTask.requestParameters(parameters: ["when": Date()], encoding: JSONEncoding.default)
        XCTAssertThrowsError(try endpoint(task, method: .post).urlRequest()) {
            guard case .parameterEncoding(let error) = $0 as? CourierError else { return XCTFail("got \($0)") }
            XCTAssertEqual(error as? ParameterEncodingError, .unsupportedValue(key: "when", type: "Date"))
            XCTAssertTrue($0.localizedDescription.contains("\"when\""), $0.localizedDescription)
            XCTAssertTrue($0.localizedDescription.contains("Date"), $0.localizedDescription)
        }
    }

    // MARK: - Equality

    func test_equality_comparesBuiltRequests() {
        XCTAssertEqual(endpoint(.requestPlain), endpoint(.requestPlain))
        XCTAssertEqual(endpoint(.requestData(Data("a".utf8))), endpoint(.requestData(Data("a".utf8))))
        XCTAssertNotEqual(endpoint(.requestData(Data("a".utf8))), endpoint(.requestData(Data("b".utf8))))
        let query = { (value: String) in
            self.endpoint(.requestParameters(parameters: ["q": value], encoding: URLEncoding.queryString))
        }
        XCTAssertEqual(query("x"), query("x"))
        XCTAssertNotEqual(query("x"), query("y"))
        XCTAssertEqual(Set([query("x"), query("x"), query("y")]).count, 2)
    }

    func test_equality_comparesUploadsButNotDownloadDestinations() {
        let part = MultipartFormBodyPart(provider: .data(Data("test".utf8)), name: "test")
        XCTAssertEqual(endpoint(.uploadMultipartFormData([part])), endpoint(.uploadMultipartFormData([part])))
        let other = MultipartFormBodyPart(provider: .data(Data("test1".utf8)), name: "test")
        XCTAssertNotEqual(endpoint(.uploadMultipartFormData([part])), endpoint(.uploadMultipartFormData([other])))
        XCTAssertNotEqual(
            endpoint(.uploadFile(URL(fileURLWithPath: "/a"))), endpoint(.uploadFile(URL(fileURLWithPath: "/b"))))
        let first = endpoint(.downloadDestination({ _, _ in (URL(fileURLWithPath: "/1"), []) }))
        let second = endpoint(.downloadDestination({ _, _ in (URL(fileURLWithPath: "/2"), []) }))
        XCTAssertEqual(first, second)
    }

    func test_requestJSONEncodable_sortsKeysSoEqualValuesGiveEqualBytes() throws {
        struct Wide: Encodable, Sendable {
            let zeta = 1, alpha = 2, mid = 3
        }
        let request = try endpoint(.requestJSONEncodable(Wide())).urlRequest()
        XCTAssertEqual(String(decoding: request.httpBody ?? Data(), as: UTF8.self), #"{"alpha":2,"mid":3,"zeta":1}"#)
    }
}
