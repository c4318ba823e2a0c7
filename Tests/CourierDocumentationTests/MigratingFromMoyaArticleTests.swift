import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

// `GitHub` is the Moya specs' own target, from CourierTestSupport.
private struct User: Decodable {
    let login: String
}

// Moya: provider.request(.userProfile(name)) { result in let user = try? result.get().map(User.self) }
extension GitHub {
    fileprivate static func user(_ login: String) -> TypedTarget<GitHub, User> { TypedTarget(.userProfile(login)) }
}

// The article's error messages, line for line.
private func message(for error: CourierError) -> String {
    switch error {
    case .statusCode(let response):
        "The server answered \(response.statusCode)."
    case .underlying(let underlying as URLError, _) where underlying.code == .notConnectedToInternet:
        "You are offline."
    case .underlying where error.isCancelled:
        "Cancelled."
    case .objectMapping, .jsonMapping, .stringMapping:
        "The answer could not be read."
    default:
        error.localizedDescription
    }
}

/// Pairs `willSend` and `didReceive`.
private struct Pairs: PluginType {
    let events: Locked<[String]>
    func willSend(_ request: any RequestType, target: any TargetType) { events.append("willSend") }
    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) { events.append("didReceive") }
}

// MARK: - "Porting a real app", line for line

private enum Shop: TargetType {
    case products(page: Int)
    case photo(Data)

    var baseURL: URL { URL(string: "https://shop.example.com/api/v1")! }
    var path: String {
        switch self {
        case .products: return "/products"
        case .photo: return "/photos"
        }
    }
    var method: HTTPMethod {
        switch self {
        case .products: return .get
        case .photo: return .post
        }
    }
    var task: HTTPTask {
        switch self {
        case .products(let page):
            var parameters = Paging.parameters(page: page)  // [String: Any]
            parameters["sort"] = "new"
            return .requestParameters(parameters: parameters, encoding: URLEncoding.default)
        case .photo(let data):
            let parts = [
                MultipartFormBodyPart(provider: .data(data), name: "file", fileName: "a.jpg", mimeType: "image/jpeg")
            ]
            return .uploadMultipartFormData(parts)
        }
    }
    var headers: [String: String]? { ["Content-Type": "application/json"] }
}

private enum Paging {
    static func parameters(page: Int) -> [String: Any] { ["page": page, "per_page": 20] }
}

private struct JSONArrayEncoding: ParameterEncoding {
    static let `default` = JSONArrayEncoding()

    func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var request = try urlRequest.asURLRequest()
        guard let json = parameters?["jsonArray"] else { return request }
        do {
            request.httpBody = try JSONSerialization.data(withJSONObject: json, options: [])
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
        } catch {
            throw ParameterEncodingError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
        }
        return request
    }
}

// Moya: final class ShopProvider<Target: TargetType>: MoyaProvider<Target> { init(…) { super.init(…) } }
private final class ShopProvider<Target: TargetType>: ProviderWrapper {
    let provider: Provider<Target>

    init(stubClosure: @escaping StubClosure = Provider.neverStub, plugins: [PluginType] = []) {
        provider = Provider(
            stubClosure: stubClosure, session: Provider<Target>.defaultTransport(),
            plugins: plugins + [AppVersionPlugin()])
    }
}

private struct AppVersionPlugin: PluginType {
    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        var request = request
        request.setValue("2.1", forHTTPHeaderField: "X-App-Version")
        if request.method == .post { request.setValue(UUID().uuidString, forHTTPHeaderField: "Idempotency-Key") }
        return request
    }
}

final class MigratingFromMoyaArticleTests: XCTestCase {
    private static let article = "Sources/Courier/Courier.docc/MigratingFromMoya.md"

    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: Self.article, by: #filePath)
    }

    func test_typedTarget_replacesTheDecodingAtTheCallSite() {
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        var login: String?
        provider.request(GitHub.user("octocat")) { result in
            let user = try? result.get()  // a User: the decoding is the target's
            print(user?.login ?? "no user")
            login = user?.login
        }
        XCTAssertEqual(login, "octocat")
    }

    /// Compiled, not run: it talks to api.github.com.
    private func articleMigratedCalls(photo: Data) async throws {
        // Moya: let provider = MoyaProvider<GitHub>(plugins: [NetworkLoggerPlugin()])
        let provider = Provider<GitHub>(plugins: [NetworkLoggerPlugin()])

        // Moya: provider.rx.request(.userProfile("octocat")).filterSuccessfulStatusCodes().map(User.self)
        let user = try await provider.request(.userProfile("octocat")).filterSuccessfulStatusCodes().map(User.self)

        // Moya: provider.requestPublisher(.zen).mapString()
        let zen = try await provider.request(.zen).mapString()

        // Moya: .uploadMultipart([MultipartFormData(provider: .data(photo), name: "photo")])
        let upload = HTTPTask.uploadMultipartFormData([MultipartFormBodyPart(provider: .data(photo), name: "photo")])
        _ = (user, zen, upload)
    }

    // MARK: - Names

    /// Every row of the table has compiled code below, marked `// Moya: <first column>`.
    func test_everyNameRow_hasCompiledCodeInThisFile() throws {
        // Given
        let text = try String(contentsOf: DocumentExamples.root.appendingPathComponent(Self.article), encoding: .utf8)
        let section = text.components(separatedBy: "### Names")[1].components(separatedBy: "### ")[0]
        let rows = section.split(separator: "\n").filter {
            $0.hasPrefix("| ") && !$0.hasPrefix("| Moya") && !$0.hasPrefix("| ---")
        }
        let tests = try String(contentsOfFile: #filePath, encoding: .utf8)

        // Then
        XCTAssertGreaterThan(rows.count, 40)
        for row in rows {
            let moya = row.split(separator: "|")[0].trimmingCharacters(in: .whitespaces)
            XCTAssertTrue(tests.contains("// Row: \(moya)\n"), "no compiled code for the row \(moya)")
        }
    }

    /// One use of each Courier name, in the table's order; compiled in Swift 6 mode here, and the
    /// same names in Swift 5 and 6 mode by MigratedAppCompileTests.
    private func namesTableRows(
        helper: [String: Any], photo: Data, request: inout URLRequest, configuration: URLSessionConfiguration
    ) async throws {
        // Row: `MoyaProvider<Target>`
        let provider = Provider<GitHub>(session: URLSessionTransport.shared)
        // Row: `class … : MoyaProvider<Target>`
        let wrapped: some ProviderWrapper = ShopProvider<GitHub>()
        // Row: `MoyaProviderType`
        let fake: any ProviderType<GitHub> = provider
        // Row: `TargetType`
        let target: any TargetType = GitHub.zen
        // Row: `Task`
        var task = HTTPTask.requestPlain
        // Row: `Task.uploadMultipart(_:)`
        task = .uploadMultipartFormData([MultipartFormBodyPart(provider: .data(photo), name: "photo")])
        // Row: `Task.uploadCompositeMultipart(_:urlParameters:)`
        task = .uploadCompositeMultipartFormData(
            [MultipartFormBodyPart(provider: .data(photo), name: "p")], urlParameters: helper)
        // Row: Other `Task` cases
        task = .requestParameters(parameters: helper, encoding: URLEncoding.default)
        if case .requestParameters(let readBack, _) = task { _ = readBack.merging(helper) { $1 } }
        // Row: `Moya.Method` (Alamofire's `HTTPMethod`)
        let method: HTTPMethod = .post
        // Row: `MoyaError`
        let error: CourierError = .requestMapping("x")
        // Row: `Response`
        let response = Response(statusCode: 200, data: Data())
        // Row: `Endpoint`
        let endpoint: Endpoint = provider.endpoint(.zen)
        // Row: `URL(target:)`
        let url = URL(target: GitHub.zen)
        // Row: `EndpointSampleResponse`
        let sample = EndpointSampleResponse.networkError(URLError(.notConnectedToInternet))
        // Row: `StubBehavior`
        let stub = StubBehavior.delayed(seconds: 1)
        // Row: `ValidationType`
        let validation = ValidationType.successCodes
        // Row: `MultiTarget`
        let multi = MultiTarget(GitHub.zen)
        // Row: `MultipartFormData` (one part)
        let parts = [MultipartFormBodyPart(provider: .data(photo), name: "photo")]
        // Row: `MultipartFormData.FormDataProvider`
        let formDataProvider: MultipartFormBodyPart.FormDataProvider = .data(photo)
        // Row: `DownloadDestination` (Alamofire's)
        let destination: DownloadDestination = { temporaryURL, _ in (temporaryURL, []) }
        // Row: `DownloadRequest.Options`
        let options: DownloadOptions = [.removePreviousFile, .createIntermediateDirectories]
        // Row: `ProgressResponse`, `ProgressBlock`
        let progress: ProgressBlock = { (event: ProgressResponse) in _ = event.progress }
        // Row: `Completion`
        let completion: Completion = { _ in }
        // Row: `Cancellable`
        let cancellable: any Cancellable = provider.request(.zen, completion: completion)
        // Row: `PluginType`
        let plugin: any PluginType = AppVersionPlugin()
        // Row: `RequestType`
        let requestType: (any RequestType)? = nil
        // Row: `ParameterEncoding`, `URLEncoding`, `JSONEncoding` (Alamofire's)
        let encodings: [any ParameterEncoding] = [URLEncoding.default, JSONEncoding.default, JSONArrayEncoding()]
        // Row: `Parameters`, `URLRequestConvertible` (Alamofire's)
        let encoded = try URLEncoding.queryString.encode(request as URLRequestConvertible, with: helper as Parameters)
        // Row: `AFError.parameterEncodingFailed(reason:)`
        let reason = ParameterEncodingError.parameterEncodingFailed(reason: .missingURL)
        // Row: `URLRequest.method` (Alamofire's)
        request.method = .post
        // Row: Alamofire's `Session`
        let transport: any HTTPTransport = URLSessionTransport(configuration: configuration)
        // Row: `Session(configuration:startRequestsImmediately:)`
        let session = URLSessionTransport(configuration: configuration, startRequestsImmediately: false)
        // Row: `Session.default`
        let shared = URLSessionTransport.default
        // Row: Alamofire's `ServerTrustManager` with pinning evaluators
        let pinned = ServerTrustPolicy(pinnedPublicKeys: [
            "api.example.com": ["m6ZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmY="]
        ])
        // Row: `URLCache` and Alamofire's `CachedResponseHandler`
        let cached = Provider<GitHub>(cache: HTTPCache(), cachePolicy: .httpSemantics)
        // Row: `MoyaProvider.defaultAlamofireSession()`
        let defaultTransport = Provider<GitHub>.defaultTransport()
        // Row: `configuration.headers = .default`
        configuration.httpAdditionalHeaders = URLSessionTransport.defaultHeaders
        // Row: `URLSessionConfiguration.af.default`, `.af.ephemeral`
        let alamofireStyle = [URLSessionTransport.defaultConfiguration(), URLSessionTransport.ephemeralConfiguration()]
        // Row: `session.sessionConfiguration.timeoutIntervalForRequest = 30`
        configuration.timeoutIntervalForRequest = 30
        _ = URLSessionTransport(configuration: configuration)
        // Row: `MoyaProvider.inflightRequests`
        let inflight = Provider<GitHub>(trackInflights: true)
        // Row: `provider.rx.request(_:)`, `provider.reactive.request(_:)`
        let zen = try await provider.request(.zen)
        // Row: `rx.requestWithProgress(_:)`
        let sequence: ProgressSequence = provider.requestWithProgress(.zen)
        // Row: CombineMoya's `provider.requestPublisher(_:callbackQueue:)`, `requestWithProgressPublisher(_:callbackQueue:)`
        #if canImport(Combine)
            let publishers = (
                provider.requestPublisher(.zen).filterSuccessfulStatusCodes().mapString(),
                provider.requestWithProgressPublisher(.zen, callbackQueue: .main).filterProgress()
            )
            _ = publishers
        #endif
        // Row: `NetworkLoggerPlugin`, `AccessTokenPlugin`, `AccessTokenAuthorizable`, `AuthorizationType`, `CredentialsPlugin`, `NetworkActivityPlugin`, `NetworkActivityChangeType`
        let plugins: [any PluginType] = [
            NetworkLoggerPlugin(), AccessTokenPlugin(tokenClosure: { _ in "t" }),
            CredentialsPlugin(credentialsClosure: { _ in nil }),
            NetworkActivityPlugin(networkActivityClosure: { _, _ in }),
        ]
        let authorization: AuthorizationType = .bearer
        let change: NetworkActivityChangeType = .began
        // Row: None
        let context: RequestContext? = nil
        let redaction = Redaction.default
        _ = (wrapped, fake, target, task, method, error, response, endpoint, url, sample, stub, validation)
        _ = (multi, parts, formDataProvider, destination, options, progress, cancellable, plugin, requestType)
        _ = (
            encodings, encoded, reason, transport, session, shared, defaultTransport, alamofireStyle, inflight, zen,
            sequence
        )
        _ = (plugins, authorization, change, context, redaction, pinned, cached)
    }

    // MARK: - The walkthrough's behaviour

    func test_walkthroughTargets_sendMoyasBytes() throws {
        // Given
        let provider = Provider<Shop>()

        // When
        let products = try provider.endpoint(.products(page: 2)).urlRequest()

        // Then
        XCTAssertEqual(
            products.url?.absoluteString, "https://shop.example.com/api/v1/products?page=2&per_page=20&sort=new")
    }

    func test_walkthroughPhotoUpload_sendsItsOwnContentTypeOverTheTargets() async throws {
        // Given
        let stubbed = ShopProvider<Shop>(stubClosure: Provider.immediatelyStub)

        // When
        let response = try await stubbed.request(.photo(Data("JPEG".utf8)))

        // Then
        let contentType = response.request?.value(forHTTPHeaderField: "Content-Type") ?? ""
        XCTAssertTrue(contentType.hasPrefix("multipart/form-data; boundary="), contentType)
        XCTAssertEqual(response.request?.value(forHTTPHeaderField: "X-App-Version"), "2.1")
        XCTAssertNotNil(response.request?.value(forHTTPHeaderField: "Idempotency-Key"))
    }

    func test_walkthroughEncoding_andTestProviders() async throws {
        // Given
        let stubbed = ShopProvider<Shop>(stubClosure: Provider.immediatelyStub)
        let unauthorized = Provider<Shop>(
            endpointClosure: { target in
                Endpoint(
                    url: URL(target: target).absoluteString, sampleResponseClosure: { .networkResponse(401, Data()) },
                    method: target.method, task: target.task, httpHeaderFields: target.headers)
            }, stubClosure: Provider.immediatelyStub)
        let plain = URLRequest(url: URL(string: "https://x.io")!)

        // When
        let products = try await stubbed.request(.products(page: 1))
        let refused = try await unauthorized.request(.products(page: 1))
        let encoded = try JSONArrayEncoding.default.encode(plain, with: ["jsonArray": [["id": 1]]])

        // Then
        XCTAssertEqual(products.statusCode, 200)
        XCTAssertEqual(refused.statusCode, 401)
        XCTAssertEqual(String(decoding: encoded.httpBody ?? Data(), as: UTF8.self), #"[{"id":1}]"#)
    }

    // MARK: - What behaves differently

    func test_message_namesEachKindOfFailure() {
        XCTAssertEqual(message(for: .statusCode(Response(statusCode: 404, data: Data()))), "The server answered 404.")
        XCTAssertEqual(message(for: .underlying(URLError(.notConnectedToInternet), nil)), "You are offline.")
        XCTAssertEqual(message(for: .cancelled), "Cancelled.")
        XCTAssertEqual(
            message(for: .jsonMapping(Response(statusCode: 200, data: Data()))), "The answer could not be read.")
    }

    func test_stubbedValidationFailure_isStatusCodeNotWrapped() async {
        let provider = Provider<GitHub>(
            endpointClosure: { target in
                Endpoint(
                    url: "https://api.github.com/zen", sampleResponseClosure: { .networkResponse(404, Data()) },
                    method: target.method, task: target.task, httpHeaderFields: nil)
            }, stubClosure: Provider.immediatelyStub)
        do {
            _ = try await provider.request(.zen)
            XCTFail("expected a failure")
        } catch {
            guard case .statusCode(let response) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(response.statusCode, 404)
        }
    }

    func test_failingRequestClosure_stillPairsWillSendAndDidReceive() async {
        // Given
        let events = Locked<[String]>([])
        let provider = Provider<GitHub>(
            requestClosure: { endpoint, done in done(.failure(.requestMapping(endpoint.url))) },
            stubClosure: Provider.immediatelyStub, plugins: [Pairs(events: events)])

        // When
        _ = try? await provider.request(.zen)

        // Then
        XCTAssertEqual(events.value, ["willSend", "didReceive"])
    }

    func test_cancelledDelayedStub_failsAtOnceWithURLErrorCancelled() {
        // Given: a stub that would answer in 60 seconds
        let provider = Provider<GitHub>(stubClosure: Provider.delayedStub(60))
        let outcome = Locked<CourierError?>(nil)
        let done = expectation(description: "completion")

        // When
        let request = provider.request(.zen, callbackQueue: .global()) { result in
            if case .failure(let error) = result { outcome.withLock { $0 = error } }
            done.fulfill()
        }
        request.cancel()

        // Then: long before the delay would have ended
        wait(for: [done], timeout: 30)
        XCTAssertEqual((outcome.value?.underlyingError as? URLError)?.code, .cancelled)
    }

    func test_compositeParametersWithAQueryEncoding_throwsInsteadOfCrashing() async {
        let task = HTTPTask.requestCompositeParameters(
            bodyParameters: ["a": 1], bodyEncoding: URLEncoding.queryString, urlParameters: ["b": 2])
        let target = HTTPBinTarget(URL(string: "https://a.example")!, "/", method: .post, task: task)
        do {
            _ = try await Provider<HTTPBinTarget>(stubClosure: Provider.immediatelyStub).request(target)
            XCTFail("expected a failure")
        } catch {
            guard case .parameterEncoding = error else { return XCTFail("\(error)") }
        }
    }

    func test_emptyMultipartForm_throwsInsteadOfCrashing() async {
        let target = HTTPBinTarget(
            URL(string: "https://a.example")!, "/", method: .post, task: .uploadMultipartFormData([]))
        do {
            _ = try await Provider<HTTPBinTarget>(stubClosure: Provider.immediatelyStub).request(target)
            XCTFail("expected a failure")
        } catch {
            guard case .underlying(let underlying, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(underlying as? TransferError, .emptyMultipartBody)
        }
    }
}
