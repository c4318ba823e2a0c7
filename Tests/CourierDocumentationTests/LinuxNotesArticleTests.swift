import Courier
import CourierTestSupport
import XCTest

private enum Weather: TargetType {
    case forecast(city: String)

    var baseURL: URL { URL(string: "https://weather.example.com")! }
    var path: String { "/forecast" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var sampleData: Data { Data("3".utf8) }
}

/// The Linux Notes article's examples, and its claims that tests can check.
final class LinuxNotesArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/LinuxNotes.md", by: #filePath)
    }

    func test_completionOnANamedQueue_arrivesWithoutTheMainQueue() {
        // Given: the main thread blocked until the completion comes
        let provider = Provider<Weather>(stubClosure: Provider.delayedStub(0.01))
        let done = DispatchSemaphore(value: 0)

        // When
        provider.request(.forecast(city: "Oslo"), callbackQueue: .global()) { result in
            print(result)
            done.signal()
        }

        // Then
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
    }

    func test_connectionsPerHost_canBeRaised() {
        let configuration = URLSessionTransport.defaultConfiguration()
        configuration.httpMaximumConnectionsPerHost = 32
        let busy = Provider<Weather>(transport: URLSessionTransport(configuration: configuration))
        let transport = busy.transport as? URLSessionTransport
        XCTAssertEqual(transport?.session.configuration.httpMaximumConnectionsPerHost, 32)
    }

    #if os(Linux)
        func test_defaultConnectionsPerHost_isSixOnLinux() {
            XCTAssertEqual(URLSessionTransport.defaultConfiguration().httpMaximumConnectionsPerHost, 6)
        }
    #endif

    func test_unansweredBasicChallenge_endsAsAnOrdinary401Response() async throws {
        // Given: httpbin answers 401 with WWW-Authenticate to a request without credentials
        let provider = Provider<HTTPBinTarget>()

        // When
        let response = try await provider.request(HTTPBinTarget(try HTTPBin.baseURL(), "/basic-auth/user/passwd"))

        // Then
        XCTAssertEqual(response.statusCode, 401)
        XCTAssertNotNil(response.response?.value(forHTTPHeaderField: "WWW-Authenticate"))
    }

    func test_jsonEncodableBodies_haveSortedKeys() throws {
        struct Body: Encodable, Sendable {
            let zebra = 1
            let apple = 2
            let mango = 3
        }
        let target = HTTPBinTarget(
            URL(string: "https://a.example")!, "/", method: .post, task: .requestJSONEncodable(Body()))
        let body = try Provider<HTTPBinTarget>().endpoint(target).urlRequest().httpBody
        XCTAssertEqual(body.map { String(decoding: $0, as: UTF8.self) }, #"{"apple":2,"mango":3,"zebra":1}"#)
    }

    func test_oneAndTrue_areEncodedAsANumberAndABool() throws {
        let task = HTTPTask.requestParameters(
            parameters: ["count": 1, "flag": true],
            encoding: URLEncoding(destination: .queryString, boolEncoding: .literal))
        let target = HTTPBinTarget(URL(string: "https://a.example")!, "/", task: task)
        let url = try Provider<HTTPBinTarget>().endpoint(target).urlRequest().url?.absoluteString
        XCTAssertEqual(url, "https://a.example/?count=1&flag=true")
    }
}
