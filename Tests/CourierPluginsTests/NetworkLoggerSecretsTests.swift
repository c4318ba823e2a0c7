import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// No secret reaches the logger's output under `.default`, `.verbose` or the cURL option: not in
/// headers, query parameters, bodies, response headers, error bodies, error descriptions or
/// target names. Every secret in these tests contains `SECRET`.
final class NetworkLoggerSecretsTests: XCTestCase {
    /// Endpoints that carry secrets everywhere a request can.
    private enum SecretAPI: TargetType, AccessTokenAuthorizable {
        case profile
        case login
        case loginForm
        case lookup(token: String)
        case timeout

        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/" + String(describing: self).prefix { $0 != "(" } }
        var method: HTTPMethod {
            switch self {
            case .login, .loginForm: .post
            default: .get
            }
        }
        var authorizationType: AuthorizationType? { .bearer }
        var validationType: ValidationType { .successCodes }

        var task: HTTPTask {
            switch self {
            case .profile, .timeout:
                .requestParameters(
                    parameters: ["access_token": "SECRET-QUERY", "page": 2], encoding: URLEncoding.queryString)
            case .login:
                .requestJSONEncodable(["user": "ann", "password": "SECRET-PASSWORD"])
            case .loginForm:
                .requestParameters(
                    parameters: ["user": "ann", "password": "SECRET-FORM"], encoding: URLEncoding.httpBody)
            case .lookup:
                .requestPlain
            }
        }

        var headers: [String: String]? {
            switch self {
            case .lookup(let token): ["X-Auth-Token": token]
            default: ["X-API-Key": "SECRET-APIKEY", "Cookie": "session=SECRET-COOKIE", "Accept": "application/json"]
            }
        }
    }

    /// What the stubs answer: a 401 whose headers and JSON body carry secrets, or a transport
    /// failure whose URL does.
    private static func sample(for target: SecretAPI) -> EndpointSampleResponse {
        let url = URL(string: "https://api.example.com/x?token=SECRET-FAILURL&page=2")!
        if case .timeout = target {
            return .networkError(URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: url]))
        }
        let response = HTTPURLResponse(
            url: URL(string: "https://api.example.com/me?access_token=SECRET-RESPONSEURL")!, statusCode: 401,
            httpVersion: nil,
            headerFields: ["Set-Cookie": "session=SECRET-SETCOOKIE", "Content-Type": "application/json"])!
        let body = #"{"error":"expired","access_token":"SECRET-BODYTOKEN","echo":"https://x.test/?token=SECRET-ECHO"}"#
        return .response(response, Data(body.utf8))
    }

    private func log(_ options: NetworkLoggerPlugin.Configuration.LogOptions, redaction: Redaction = .default) async
        -> LogRecorder
    {
        let recorder = LogRecorder()
        let provider = Provider<SecretAPI>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target).replacingSample { Self.sample(for: target) }
            },
            stubClosure: Provider.immediatelyStub,
            plugins: [AccessTokenPlugin { _ in "SECRET-BEARER" }, recorder.logger(options, redaction: redaction)])
        for target in [SecretAPI.profile, .login, .loginForm, .lookup(token: "SECRET-ASSOCIATED"), .timeout] {
            _ = await provider.result(target)
        }
        return recorder
    }

    func test_defaultOptions_noSecretInAnyLine() async {
        // When
        let log = await log(.default)

        // Then
        XCTAssertEqual(log.lines.filter { $0.contains("SECRET") }, [])
        XCTAssertTrue(log.text.contains("\"Authorization\": \"<redacted>\""), log.text)
        XCTAssertTrue(log.text.contains("access_token=%3Credacted%3E&page=2"), log.text)
        XCTAssertTrue(log.text.contains("Error: Error calling timeout : The request timed out."), log.text)
    }

    func test_verboseOptions_noSecretInAnyLine() async {
        // When
        let log = await log(.verbose)

        // Then
        XCTAssertEqual(log.lines.filter { $0.contains("SECRET") }, [])
        XCTAssertTrue(log.text.contains("Request Body: "), log.text)
        XCTAssertTrue(log.text.contains("password=%3Credacted%3E"), log.text)
        XCTAssertTrue(log.text.contains("\"access_token\" : \"<redacted>\""), log.text)
        XCTAssertTrue(log.text.contains("\"set-cookie\": \"<redacted>\""), log.text)
        XCTAssertTrue(log.text.contains("Response: 401"), log.text)
    }

    func test_cURLOption_noSecretInAnyLine() async {
        for options: NetworkLoggerPlugin.Configuration.LogOptions in [
            [.formatRequestAscURL], .verbose.union([.formatRequestAscURL]),
        ] {
            // When
            let log = await log(options)

            // Then
            XCTAssertEqual(log.lines.filter { $0.contains("SECRET") }, [])
            XCTAssertTrue(log.text.contains("-H 'Authorization: <redacted>'"), log.text)
            XCTAssertTrue(log.text.contains(#"--data-binary '{"password":"<redacted>","user":"ann"}'"#), log.text)
            XCTAssertTrue(log.text.contains("--data-binary 'password=%3Credacted%3E&user=ann'"), log.text)
        }
    }

    func test_requestLine_hidesEncodedAndBracketedNamesAndPasswords() {
        // Given
        let urls = [
            "https://x.test/p?acc%65ss_token=SECRET-1&token%5B%5D=SECRET-2&TOKEN=SECRET-3&page=2#frag?k=v",
            "https://user:SECRET-4@x.test/p?token=SECRET-5",
            "https://x.test/p?flag&=empty&password",
        ]
        let log = LogRecorder()

        // When
        for url in urls {
            log.logger(.default).willSend(
                OutgoingRequest(request: URLRequest(url: URL(string: url)!)), target: GitHub.zen)
        }

        // Then
        let requestLines = log.lines.filter { $0.contains("] Request: ") }.map {
            $0.components(separatedBy: "] Request: ")[1]
        }
        XCTAssertEqual(
            requestLines,
            [
                "https://x.test/p?acc%65ss_token=%3Credacted%3E&token%5B%5D=%3Credacted%3E&TOKEN=%3Credacted%3E&page=2#frag?k=v",
                "https://user:%3Credacted%3E@x.test/p?token=%3Credacted%3E",
                "https://x.test/p?flag&=empty&password",
            ])
    }

    func test_redactionNone_showsTheSecrets() async {
        // When
        let log = await log(.verbose, redaction: .none)

        // Then: the secrets above do reach the logger; redaction is what hides them
        for secret in [
            "SECRET-BEARER", "SECRET-QUERY", "SECRET-APIKEY", "SECRET-PASSWORD", "SECRET-BODYTOKEN", "SECRET-SETCOOKIE",
        ] {
            XCTAssertTrue(log.text.contains(secret), "\(secret) missing")
        }
    }

    func test_addedNames_areRedactedToo() async {
        // Given
        let redaction = Redaction.default.adding(headers: ["Accept"], queryParameters: ["page"])

        // When
        let log = await log(.verbose, redaction: redaction)

        // Then
        XCTAssertTrue(log.text.contains("\"Accept\": \"<redacted>\""), log.text)
        XCTAssertFalse(log.text.contains("page=2"), log.text)
    }
}

extension Endpoint {
    /// This endpoint with another sample response.
    fileprivate func replacingSample(_ sample: @escaping @Sendable () -> EndpointSampleResponse) -> Endpoint {
        Endpoint(
            url: url, sampleResponseClosure: sample, method: method, task: task, httpHeaderFields: httpHeaderFields)
    }
}
