import Courier
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The Declaring Targets article's code, line for line.
/// The article's path example, line for line.
private enum Files: TargetType {
    case file(String)
    case search

    var baseURL: URL { URL(string: "https://api.example.com/api/v1")! }
    var path: String {
        switch self {
        case .file(let name): "/files/\(name)"  // "../../admin" fails; "a b" is sent as a%20b
        case .search: "/search"  // the query goes in the task
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
}

private enum Tracker: TargetType {
    case issues(project: String, state: String, page: Int)
    case issue(id: Int)
    case createIssue(NewIssue)
    case attach(issue: Int, file: URL)
    case deleteIssue(id: Int)

    var baseURL: URL { URL(string: "https://tracker.example.com/api/v2")! }

    var path: String {
        switch self {
        case .issues(let project, _, _): "/projects/\(project)/issues"
        case .issue(let id), .deleteIssue(let id): "/issues/\(id)"
        case .createIssue: "/issues"
        case .attach(let issue, _): "/issues/\(issue)/attachments"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .issues, .issue: .get
        case .createIssue, .attach: .post
        case .deleteIssue: .delete
        }
    }

    var task: HTTPTask {
        switch self {
        case .issues(_, let state, let page):
            .requestParameters(parameters: ["state": state, "page": page], encoding: URLEncoding.queryString)
        case .issue, .deleteIssue:
            .requestPlain
        case .createIssue(let issue):
            .requestJSONEncodable(issue)
        case .attach(_, let file):
            .uploadMultipartFormData([MultipartFormBodyPart(provider: .file(file), name: "attachment")])
        }
    }

    var headers: [String: String]? { ["Accept": "application/json"] }

    var validationType: ValidationType { .successCodes }

    var timeoutInterval: TimeInterval? {
        if case .attach = self { return 300 }
        return nil
    }

    var decoder: any DataDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    var sampleData: Data {
        Data(#"{"id": 42, "title": "Crash on launch", "created_at": "2025-01-14T12:34:56Z"}"#.utf8)
    }
}

private struct NewIssue: Encodable, Sendable {
    let title: String
    let labels: [String]
}

private struct Issue: Decodable {
    let id: Int
    let title: String
    let createdAt: Date
}

final class DeclaringTargetsArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/DeclaringTargets.md", by: #filePath)
    }

    /// Compiled, not run: tracker.example.com does not exist.
    private func articleLiveRequests() async throws {
        let provider = Provider<Tracker>()
        let issue = try await provider.request(.issue(id: 42), as: Issue.self)
        let shared = Provider<MultiTarget>()
        let sameIssue = try await shared.request(MultiTarget(Tracker.issue(id: 42)), as: Issue.self)
        _ = (issue, sameIssue)
    }

    private func request(_ target: Tracker) throws -> URLRequest {
        try Provider<Tracker>().endpoint(target).urlRequest()
    }

    func test_tracker_buildsTheRequestsTheArticleDescribes() throws {
        let issues = try request(.issues(project: "app", state: "open", page: 2))
        XCTAssertEqual(
            issues.url?.absoluteString, "https://tracker.example.com/api/v2/projects/app/issues?page=2&state=open")
        XCTAssertEqual(issues.value(forHTTPHeaderField: "Accept"), "application/json")

        let created = try request(.createIssue(NewIssue(title: "Crash", labels: ["bug"])))
        XCTAssertEqual(created.httpMethod, "POST")
        XCTAssertEqual(
            created.httpBody.map { String(decoding: $0, as: UTF8.self) }, #"{"labels":["bug"],"title":"Crash"}"#)
        XCTAssertEqual(created.value(forHTTPHeaderField: "Content-Type"), "application/json")

        XCTAssertEqual(try request(.deleteIssue(id: 7)).httpMethod, "DELETE")
    }

    func test_decoder_isUsedByRequestAs() async throws {
        let stubbed = Provider<Tracker>(stubClosure: Provider.immediatelyStub)
        let issue = try await stubbed.request(.issue(id: 42), as: Issue.self)
        XCTAssertEqual(issue.createdAt, Date(timeIntervalSince1970: 1_736_858_096))
        let viaMulti = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub)
        let viaMultiTarget = try await viaMulti.request(MultiTarget(Tracker.issue(id: 42)), as: Issue.self)
        XCTAssertEqual(viaMultiTarget.id, 42)
    }

    func test_pathAndBaseURL_joinWithOneSlashAndEncodeThePathOnce() throws {
        let endpoint = { (base: String, path: String) in
            Provider<HTTPBinTarget>.defaultEndpointMapping(for: HTTPBinTarget(URL(string: base)!, path)).url
        }
        XCTAssertEqual(endpoint("https://a.example/v1/", "/users"), "https://a.example/v1/users")
        XCTAssertEqual(endpoint("https://a.example/v1?key=1", ""), "https://a.example/v1?key=1")
        XCTAssertEqual(endpoint("https://a.example", "/what?now"), "https://a.example/what%3Fnow")
        XCTAssertEqual(endpoint("https://a.example", "/a b"), "https://a.example/a%20b")
        XCTAssertEqual(endpoint("https://a.example", "/coupons/100%AB"), "https://a.example/coupons/100%25AB")
        XCTAssertEqual(endpoint("https://a.example", "/users/ash%20furrow"), "https://a.example/users/ash%2520furrow")
    }

    func test_userInputInAPath_isEscapedOnceAndCannotClimbOut() async throws {
        // Given
        let provider = Provider<Files>(stubClosure: Provider.immediatelyStub)

        // When
        let spaced = try await provider.request(.file("a b"))
        let climbing = await provider.result(.file("../../admin"))

        // Then
        XCTAssertEqual(spaced.request?.url?.absoluteString, "https://api.example.com/api/v1/files/a%20b")
        guard case .failure(.requestMapping(let url)) = climbing else { return XCTFail("\(climbing)") }
        XCTAssertEqual(url, "https://api.example.com/api/v1/files/../../admin")
        XCTAssertTrue("\(CourierError.requestMapping(url))".contains("\"..\" segment"))
    }

    func test_parameterEncodingOptions_writeTheQueryTheArticleShows() throws {
        let search = HTTPTask.requestParameters(
            parameters: ["q": "courier", "labels": ["bug", "ui"], "open": true],
            encoding: URLEncoding(destination: .queryString, arrayEncoding: .noBrackets, boolEncoding: .literal))
        let target = HTTPBinTarget(URL(string: "https://a.example")!, "/search", task: search)
        let url = try Provider<HTTPBinTarget>().endpoint(target).urlRequest().url?.absoluteString
        XCTAssertEqual(url, "https://a.example/search?labels=bug&labels=ui&open=true&q=courier")
    }

    func test_endpointClosure_addsTheHeaderToEveryRequest() throws {
        let tagged = Provider<Tracker>(endpointClosure: { target in
            Provider.defaultEndpointMapping(for: target).adding(newHTTPHeaderFields: ["X-Client": "tracker-ios"])
        })
        let request = try tagged.endpoint(.issue(id: 1)).urlRequest()
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Client"), "tracker-ios")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"), "application/json")
    }
}
