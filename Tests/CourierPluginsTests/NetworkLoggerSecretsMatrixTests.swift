import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every secret spelling (`SecretSpellings.secret`) × every place a request or an answer carries a
/// value × every combination of the logger's options: no secret reaches the log. The places are the
/// requests of ``MatrixTarget``; every secret value contains `SECRET`.
final class NetworkLoggerSecretsMatrixTests: XCTestCase {
    override func setUpWithError() throws {
        try SanitizedRun.skipInputMatrix()
    }

    typealias LogOptions = NetworkLoggerPlugin.Configuration.LogOptions

    /// One request per place a named value can travel, with the answer its stub gives.
    enum MatrixTarget: TargetType, AccessTokenAuthorizable, CaseIterable {
        /// Query, request header; response URL, response header, nested JSON response body.
        case queryAndHeaders
        /// Nested JSON request body; NDJSON error body.
        case jsonBody
        /// Form request body (the name percent-encoded); form-like response body.
        case formBody
        /// A transport error whose failing URL has the value.
        case transportError
        /// XML request body; header-line response body.
        case xmlAndLines
        /// A URL that does not parse (`.requestMapping`).
        case unparsableURL

        var baseURL: URL { URL(string: "https://api.example")! }
        var path: String { "/\(self)" }
        var method: HTTPMethod { self == .queryAndHeaders || self == .transportError ? .get : .post }
        var task: HTTPTask { .requestPlain }
        var validationType: ValidationType { .successCodes }
        var authorizationType: AuthorizationType? { .bearer }
    }

    /// The endpoint of `target` carrying `name` with values `SECRET<n>`, and its stubbed answer.
    private static func endpoint(_ target: MatrixTarget, name: String, value: String) -> Endpoint {
        let isHeader = SecretSpellings.isHeaderName(name)
        let isXML = !name.contains("[")
        let encodedName =
            name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? name
        var url = "https://api.example/\(target)"
        var task = HTTPTask.requestPlain
        var headers: [String: String] = [:]
        var sample: EndpointSampleResponse
        func answer(
            _ status: Int, _ body: String, url: String = "https://api.example/x", headers: [String: String] = [:]
        )
            -> EndpointSampleResponse
        {
            let response = HTTPURLResponse(
                url: URL(string: url)!, statusCode: status, httpVersion: nil, headerFields: headers)!
            return .response(response, Data(body.utf8))
        }
        switch target {
        case .queryAndHeaders:
            task = .requestParameters(parameters: [name: value + "1"], encoding: URLEncoding.queryString)
            if isHeader { headers[name] = value + "2" }
            sample = answer(
                200, #"{"data":[{"id":1,"\#(name)":"\#(value)3","n":2}]}"#,
                url: "https://api.example/x?\(encodedName)=\(value)4&page=2",
                headers: (isHeader ? [name: value + "5"] : [:]).merging(["Content-Type": "application/json"]) { a, _ in
                    a
                })
        case .jsonBody:
            task = .requestData(Data(#"{"user":{"id":1,"\#(name)":"\#(value)6","x":[1]}}"#.utf8))
            headers["Content-Type"] = "application/json"
            sample = answer(
                500, "{\"id\":1}\n{\"\(name)\":\"\(value)7\"}\n", headers: ["Content-Type": "application/x-ndjson"])
        case .formBody:
            task = .requestData(Data("\(encodedName)=\(value)8&page=2".utf8))
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            sample = answer(200, "a=1&\(name)=\(value)9&b=2", headers: ["Content-Type": "text/plain"])
        case .transportError:
            let failing = URL(string: "https://api.example/x?\(encodedName)=\(value)10")!
            sample = .networkError(URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: failing]))
        case .xmlAndLines:
            if isXML { task = .requestData(Data("<r><\(name)>\(value)11</\(name)></r>".utf8)) }
            sample = answer(
                400, isHeader ? "error\n\(name): \(value)12\n" : "error", headers: ["Content-Type": "text/plain"])
        case .unparsableURL:
            url = "http://bad host/x?\(encodedName)=\(value)13"
            sample = answer(200, "")
        }
        let answered = sample
        return Endpoint(
            url: url, sampleResponseClosure: { answered }, method: target.method, task: task,
            httpHeaderFields: headers.isEmpty ? nil : headers)
    }

    /// Sends every target for every name through a logger with `configuration`, into `recorder`.
    private func logEveryPlace(_ names: [String], value: String, logger: NetworkLoggerPlugin) async {
        for name in names {
            let provider = Provider<MatrixTarget>(
                endpointClosure: { Self.endpoint($0, name: name, value: value) },
                stubClosure: Provider.immediatelyStub,
                plugins: [AccessTokenPlugin { _ in value + "BEARER" }, logger])
            for target in MatrixTarget.allCases {
                _ = await provider.result(target)
            }
        }
    }

    /// Every combination of the six options.
    private static let everyOptionCombination: [LogOptions] = (0..<64).map { LogOptions(rawValue: $0) }

    func test_everySecretSpelling_inEveryPlace_underEveryOptionCombination_neverReachesTheLog() async {
        for options in Self.everyOptionCombination {
            // Given
            let log = LogRecorder()

            // When
            await logEveryPlace(SecretSpellings.secret, value: "SECRET", logger: log.logger(options))

            // Then
            let leaks = log.lines.filter { $0.contains("SECRET") }
            XCTAssertEqual(leaks, [], "options \(options.rawValue)")
        }
    }

    func test_everySecretSpelling_underOtherRenderings_neverReachesTheLog() async {
        let raw: @Sendable (Data) -> String = { String(decoding: $0, as: UTF8.self) }
        let configurations: [(String, NetworkLoggerPlugin.Configuration)] = [
            ("no pretty-printing", .init(logOptions: .verbose, prettyPrintsJSON: false)),
            ("bodies cut at 24 bytes", .init(logOptions: .verbose, maximumBodySize: 24)),
            (
                "custom body formatters",
                .init(formatter: .init(requestData: raw, responseData: raw), logOptions: .verbose)
            ),
            (
                "custom entry formatter",
                .init(
                    formatter: .init(entry: { identifier, message, _ in "\(identifier)|\(message)" }),
                    logOptions: .verbose.union(.formatRequestAscURL))
            ),
        ]
        for (label, configuration) in configurations {
            // Given
            let log = LogRecorder()
            var configuration = configuration
            configuration.output = log.output

            // When
            await logEveryPlace(
                SecretSpellings.secret, value: "SECRET", logger: NetworkLoggerPlugin(configuration: configuration))

            // Then
            XCTAssertEqual(log.lines.filter { $0.contains("SECRET") }, [], label)
        }
    }

    func test_everyPlace_carriesItsValueToTheLog_whenNothingIsRedacted() async {
        // Given
        let log = LogRecorder()

        // When
        await logEveryPlace(["access_token"], value: "SHOWN", logger: log.logger(.verbose, redaction: .none))

        // Then: the matrix above exercises every place
        for place in 1...13 {
            XCTAssertTrue(log.text.contains("SHOWN\(place)"), "place \(place): \(log.text)")
        }
        XCTAssertTrue(log.text.contains("SHOWNBEARER"))
    }

    func test_harmlessNames_stayVisibleInTheLog() async {
        for name in SecretSpellings.harmless {
            // Given
            let log = LogRecorder()

            // When
            await logEveryPlace([name], value: "VISIBLE", logger: log.logger(.verbose))

            // Then: in the query, the JSON and form bodies, both ways
            for suffix in ["1", "3", "6", "7", "8", "9"] {
                XCTAssertTrue(log.text.contains("VISIBLE\(suffix)"), "\(name) VISIBLE\(suffix): \(log.text)")
            }
        }
    }
}
