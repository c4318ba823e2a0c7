import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The logger over the wire: the cURL line replays the request (run with /usr/bin/curl against
/// httpbin), live responses are logged with status and time, and an echo that carries the token
/// back is logged without it.
final class PluginLoggerIntegrationTests: XCTestCase {
    private let token = "SECRET-BEARER-7f3a"

    /// A POST whose query, headers and body need quoting in a shell.
    private struct TrickyTarget: TargetType, AccessTokenAuthorizable {
        let baseURL: URL
        var path: String { "/anything/a path/ü" }
        var method: HTTPMethod { .post }
        var authorizationType: AuthorizationType? { .bearer }
        var headers: [String: String]? {
            ["Content-Type": "application/json", "X-Quote": #"it's "quoted" $HOME `id` \n; rm -rf"#]
        }
        var task: HTTPTask {
            .requestCompositeData(
                bodyData: Data(#"{"text":"line1\nline2 'single' $(id) ü🙂","n":[3,1,2]}"#.utf8),
                urlParameters: ["q": "a b&c=d'\"", "emoji": "é🙂", "access_token": "SECRET-QUERY-91c2"])
        }
    }

    /// Runs `command` (a line the logger wrote) with /usr/bin/curl and returns what it printed.
    private func runCURL(_ command: String) throws -> Data {
        XCTAssertTrue(command.hasPrefix("curl "), command)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "/usr/bin/" + command + " --silent --show-error"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return data
    }

    func test_cURLLine_replaysTheRequestWithoutTheToken() async throws {
        // Given
        let log = LogRecorder()
        let token = token
        let provider = Provider<TrickyTarget>(
            plugins: [
                AccessTokenPlugin { _ in token },
                NetworkLoggerPlugin(configuration: .init(output: log.output, logOptions: [.formatRequestAscURL])),
            ])

        // When
        let courierEcho = try await provider.request(TrickyTarget(baseURL: try HTTPBin.baseURL()), as: HTTPBinEcho.self)
        let line = try XCTUnwrap(log.lines.first { $0.contains("] Request: curl ") })
        let command = String(try XCTUnwrap(line.range(of: "] Request: ").map { line[$0.upperBound...] }))
        let output = try runCURL(command)
        let curlEcho = try JSONDecoder().decode(HTTPBinEcho.self, from: output)

        // Then: the same request arrived, the token hidden
        XCTAssertEqual(curlEcho.method, courierEcho.method)
        XCTAssertEqual(curlEcho.data, courierEcho.data)
        XCTAssertEqual(curlEcho.json, courierEcho.json)
        XCTAssertEqual(curlEcho.url.replacingOccurrences(of: "<redacted>", with: "SECRET-QUERY-91c2"), courierEcho.url)
        var expectedArgs = courierEcho.args
        expectedArgs["access_token"] = .string("<redacted>")
        XCTAssertEqual(curlEcho.args, expectedArgs)
        var expectedHeaders = courierEcho.headers
        expectedHeaders["Authorization"] = "<redacted>"
        for (name, value) in expectedHeaders where !Self.addedByTheTransport.contains(name) {
            XCTAssertEqual(curlEcho.headers[name], value, name)
        }
        XCTAssertEqual(courierEcho.headers["Authorization"], "Bearer \(token)")
        XCTAssertFalse(line.contains("SECRET"), line)
        XCTAssertFalse(String(decoding: output, as: UTF8.self).contains("SECRET"))
    }

    /// `Connection: keep-alive`, which URLSession adds on Linux and the curl tool leaves out
    /// (HTTP/1.1 keeps connections alive anyway).
    private static let addedByTheTransport: Set<String> = ["Connection"]

    func test_liveVerbose_logsMoyaLinesStatusAndTime() async throws {
        // Given
        let log = LogRecorder()
        let provider = Provider<HTTPBinTarget>(plugins: [log.logger(.verbose)])
        let base = try HTTPBin.baseURL()

        // When
        _ = try await provider.request(HTTPBinTarget(base, "/get"))

        // Then
        for expected in [
            "Request: \(base.absoluteString)/get", "Request Headers: ", "User-Agent", "Accept-Encoding",
            "Accept-Language", "HTTP Request Method: GET", "{ URL: \(base.absoluteString)/get }",
            "{ status code: 200, headers", "\"content-length\"", "Response Body: {",
        ] {
            XCTAssertTrue(log.text.contains(expected), "missing \(expected) in \(log.text)")
        }
        let response = try XCTUnwrap(log.lines.first { $0.contains("] Response: ") })
        XCTAssertNotNil(response.range(of: #"\] Response: 200 in \d+\.\d ms \{ URL"#, options: .regularExpression))
        XCTAssertFalse(response.contains("stubbed"))
    }

    func test_liveVerbose_echoCarryingTheTokenBack_isLoggedWithoutIt() async throws {
        // Given
        let log = LogRecorder()
        let token = token
        let provider = Provider<MultiTarget>(plugins: [AccessTokenPlugin { _ in token }, log.logger(.verbose)])
        let target = HTTPBinTarget(
            try HTTPBin.baseURL(), "/anything",
            task: .requestParameters(parameters: ["token": "SECRET-QUERY-55"], encoding: URLEncoding.queryString),
            headers: ["Cookie": "sid=SECRET-COOKIE-1"])

        // When
        let echo = try await provider.request(MultiTarget(AuthorizedHTTPBin(target)), as: HTTPBinEcho.self)

        // Then: the echo does carry the secrets back, and the log hides them
        XCTAssertEqual(echo.headers["Authorization"], "Bearer \(token)")
        XCTAssertEqual(echo.args["token"], .string("SECRET-QUERY-55"))
        XCTAssertEqual(log.lines.filter { $0.contains("SECRET") }, [])
        XCTAssertTrue(log.text.contains("\"Authorization\" : \"<redacted>\""), log.text)
    }
}

/// An httpbin target that asks for a bearer token.
private struct AuthorizedHTTPBin: TargetType, AccessTokenAuthorizable {
    let base: HTTPBinTarget
    init(_ base: HTTPBinTarget) { self.base = base }
    var baseURL: URL { base.baseURL }
    var path: String { base.path }
    var method: HTTPMethod { base.method }
    var task: HTTPTask { base.task }
    var headers: [String: String]? { base.headers }
    var authorizationType: AuthorizationType? { .bearer }
}
