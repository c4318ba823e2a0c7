import Courier
import CourierTestSupport
import Foundation
import XCTest

/// Task parameters of any type are copied into `Sendable` values, a `RequestParameters`, when the
/// endpoint's request is encoded; a `RequestParameters` also builds tasks.
final class RequestParametersTests: XCTestCase {
    private struct Filter: Sendable, Equatable {
        let color: String
    }

    private enum Sort {
        case newest
    }

    private func query(_ task: HTTPTask) throws -> String? {
        let endpoint = Endpoint(
            url: "https://x.io/s", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get, task: task,
            httpHeaderFields: nil)
        return try endpoint.urlRequest().url?.query
    }

    private func body(_ task: HTTPTask) throws -> String? {
        let endpoint = Endpoint(
            url: "https://x.io/s", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .post, task: task,
            httpHeaderFields: nil)
        return try endpoint.urlRequest().httpBody.map { String(decoding: $0, as: UTF8.self) }
    }

    func test_anyDictionaryVariable_buildsTheSameCaseAsALiteral() throws {
        // Given
        let helper: [String: Any] = ["page": 2, "tags": ["a", "b"], "filter": ["color": "red"] as [String: Any]]

        // When
        let fromVariable = HTTPTask.requestParameters(parameters: helper, encoding: URLEncoding.queryString)
        let fromLiteral = HTTPTask.requestParameters(
            parameters: ["page": 2, "tags": ["a", "b"], "filter": ["color": "red"]], encoding: URLEncoding.queryString)

        // Then
        XCTAssertEqual(try query(fromVariable), "filter%5Bcolor%5D=red&page=2&tags%5B%5D=a&tags%5B%5D=b")
        XCTAssertEqual(try query(fromVariable), try query(fromLiteral))
    }

    func test_patternMatchedParameters_canBeChangedAndPutBack() throws {
        // Given: Moya's endpoint-closure idiom that adds a key to every parameterised task
        let task = HTTPTask.requestParameters(parameters: ["q": "swift"], encoding: URLEncoding.queryString)

        // When
        guard case .requestParameters(var parameters, let encoding) = task else { return XCTFail("\(task)") }
        parameters["api_key"] = "k"
        parameters["q"] = nil
        parameters["page"] = Optional(3) as Any
        let rebuilt = HTTPTask.requestParameters(parameters: parameters, encoding: encoding)

        // Then
        XCTAssertEqual(try query(rebuilt), "api_key=k&page=3")
        XCTAssertEqual(parameters["page"] as? Int, 3)
        XCTAssertEqual(parameters.count, 2)
        XCTAssertEqual(Set(parameters.keys), ["api_key", "page"])
        XCTAssertEqual(Set(parameters.map(\.key)), ["api_key", "page"])
    }

    func test_patternMatchedParameters_andADictionary_buildACompositeTask() throws {
        // Given: an endpoint closure that keeps a JSON body and puts the API key in the query
        let appKey = ["api_key": "k"]
        let task = HTTPTask.requestParameters(parameters: ["name": "swift"], encoding: JSONEncoding.default)
        guard case .requestParameters(let parameters, let encoding) = task else { return XCTFail("\(task)") }

        // When
        let moved = HTTPTask.requestCompositeParameters(
            bodyParameters: parameters, bodyEncoding: encoding, urlParameters: appKey)
        let movedBack = HTTPTask.requestCompositeParameters(
            bodyParameters: appKey, bodyEncoding: JSONEncoding.default, urlParameters: parameters)

        // Then
        XCTAssertEqual(try query(moved), "api_key=k")
        XCTAssertEqual(try body(moved), #"{"name":"swift"}"#)
        XCTAssertEqual(try query(movedBack), "name=swift")
        XCTAssertEqual(try body(movedBack), #"{"api_key":"k"}"#)
    }

    func test_keeping_keepsValuesOfItsOwnTypes_anyDictionaryKeepsTheirText() {
        // Given
        let sendable: [String: any Sendable] = ["filter": Filter(color: "red")]
        let opaque: [String: Any] = ["filter": Filter(color: "red"), "sort": Sort.newest]

        // When
        let kept = RequestParameters(keeping: sendable)
        let described = RequestParameters(opaque)
        let task = HTTPTask.requestParameters(parameters: kept, encoding: URLEncoding.queryString)

        // Then: read back from the task, a new copy finds the kept value again
        XCTAssertEqual(kept["filter"] as? Filter, Filter(color: "red"))
        guard case .requestParameters(let taskParameters, _) = task else { return XCTFail("\(task)") }
        XCTAssertEqual(RequestParameters(taskParameters)["filter"] as? Filter, Filter(color: "red"))
        XCTAssertEqual(described["filter"].map { "\($0)" }, "\(Filter(color: "red"))")
        XCTAssertEqual(described["sort"].map { "\($0)" }, "newest")
    }

    func test_keptValues_reachACustomEncoding_throughATask() throws {
        // Given: an encoding that reads values of its own type, at the top and nested
        struct FilterEncoding: ParameterEncoding {
            func encode(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
                let inner = parameters?["inner"] as? [String: any Sendable]
                var request = request
                request.setValue((parameters?["filter"] as? Filter)?.color ?? "lost", forHTTPHeaderField: "X-Top")
                request.setValue((inner?["filter"] as? Filter)?.color ?? "lost", forHTTPHeaderField: "X-Inner")
                return request
            }
        }
        let kept = RequestParameters(keeping: [
            "filter": Filter(color: "red"), "inner": ["filter": Filter(color: "blue")] as [String: any Sendable],
        ])

        // When
        let endpoint = Endpoint(
            url: "https://x.io/s", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get,
            task: .requestParameters(parameters: kept, encoding: FilterEncoding()), httpHeaderFields: nil)
        let request = try endpoint.urlRequest()

        // Then
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Top"), "red")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Inner"), "blue")
    }

    func test_foundationObjects_becomeSwiftValues() throws {
        // Given: what JSONSerialization hands an app
        let parsed = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(#"{"n": 1.0, "i": 7, "b": true, "s": "x", "z": null, "a": [1]}"#.utf8))
                as? [String: Any])

        // When
        let parameters = RequestParameters(parsed)

        // Then
        XCTAssertEqual(parameters["b"] as? Bool, true)
        XCTAssertEqual(parameters["s"] as? String, "x")
        XCTAssertNotNil(parameters["a"] as? [any Sendable])
        XCTAssertEqual(
            try URLEncoding.queryString.queryString(from: parameters.dictionary), "a%5B%5D=1&b=1&i=7&n=1&s=x")
        let json = try JSONEncoding.default.encode(
            URLRequest(url: URL(string: "https://x.io")!), with: parameters.dictionary)
        XCTAssertEqual(
            String(decoding: json.httpBody ?? Data(), as: UTF8.self),
            #"{"a":[1],"b":true,"i":7,"n":1,"s":"x","z":null}"#)
    }

    func test_optionalsAndNulls_areUnwrappedOrLeftOut() throws {
        // Given
        let name: String? = "Ada"
        let missing: Int? = nil

        // When
        let task = HTTPTask.requestParameters(
            parameters: ["name": name as Any, "missing": missing as Any, "null": NSNull()],
            encoding: URLEncoding.queryString)

        // Then: Alamofire sent `name=Optional(%22Ada%22)&missing=nil&null=%3Cnull%3E`
        XCTAssertEqual(try query(task), "name=Ada")
    }

    func test_targetCaseCarryingRequestParameters_nestsThemWhole() throws {
        // Given: a target case that carries RequestParameters (as Swift 6 code did before tasks took
        // [String: Any]), nested in a literal
        let fields: RequestParameters = ["color": "red", "size": 2]
        let items = [RequestParameters(["id": 1]), RequestParameters(["id": 2])]

        // When
        let task = HTTPTask.requestParameters(
            parameters: ["fields": fields, "items": items], encoding: URLEncoding.queryString)

        // Then
        XCTAssertEqual(
            try query(task), "fields%5Bcolor%5D=red&fields%5Bsize%5D=2&items%5B%5D%5Bid%5D=1&items%5B%5D%5Bid%5D=2")
    }

    func test_everyCaseWithParameters_acceptsAnAnyDictionary() throws {
        // Given
        let parameters: [String: Any] = ["k": "v"]
        let parts = [MultipartFormBodyPart(provider: .data(Data("1".utf8)), name: "a")]

        // When
        let tasks: [HTTPTask] = [
            .requestCompositeData(bodyData: Data(), urlParameters: parameters),
            .requestCompositeParameters(
                bodyParameters: parameters, bodyEncoding: JSONEncoding.default, urlParameters: parameters),
            .uploadCompositeMultipartFormData(parts, urlParameters: parameters),
            .uploadCompositeMultipartFormData(MultipartFormData(parts: parts), urlParameters: parameters),
            .uploadCompositeMultipartFormData(parts, urlParameters: ["k": "v"]),
            .downloadParameters(
                parameters: parameters, encoding: URLEncoding.queryString, destination: { url, _ in (url, []) }),
        ]

        // Then: each sends them, and reads them back as they were given
        for task in tasks {
            XCTAssertEqual(try query(task), "k=v", "\(task)")
            XCTAssertEqual(Self.urlParameters(of: task)?["k"] as? String, "v", "\(task)")
        }
    }

    /// The parameters a task puts in the query, read back as Moya code reads them.
    private static func urlParameters(of task: HTTPTask) -> [String: Any]? {
        switch task {
        case .requestCompositeData(_, let urlParameters), .requestCompositeParameters(_, _, let urlParameters),
            .uploadCompositeMultipartFormData(_, let urlParameters), .downloadParameters(let urlParameters, _, _):
            urlParameters
        default:
            nil
        }
    }

    func test_arrayOfParts_buildsTheMultipartCase() {
        // Given: Moya's `let parts = [MultipartFormData(…)]`, renamed
        let parts = [MultipartFormBodyPart(provider: .data(Data("1".utf8)), name: "file")]

        // When
        let task = HTTPTask.uploadMultipartFormData(parts)

        // Then
        guard case .uploadMultipartFormData(let form) = task else { return XCTFail("\(task)") }
        XCTAssertEqual(form.parts, parts)
    }
}
