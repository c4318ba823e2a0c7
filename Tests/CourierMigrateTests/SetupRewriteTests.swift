import XCTest

@testable import courier_migrate

final class SetupRewriteTests: XCTestCase {
    func test_alamofireSessionSetUp_becomesURLSessionTransport() {
        // Given
        let source = """
            import Alamofire
            import Moya
            func makeSession() -> Session {
                let configuration = URLSessionConfiguration.default
                configuration.headers = .default
                return Session(configuration: configuration, startRequestsImmediately: false)
            }
            let provider = MoyaProvider<API>(session: MoyaProvider<API>.defaultAlamofireSession())
            let shared = MoyaProvider<API>(session: Alamofire.Session.default)

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            """
            import Courier
            func makeSession() -> URLSessionTransport {
                let configuration = URLSessionConfiguration.default
                configuration.httpAdditionalHeaders = URLSessionTransport.defaultHeaders
                return URLSessionTransport(configuration: configuration, startRequestsImmediately: false)
            }
            let provider = Provider<API>(session: Provider<API>.defaultTransport())
            let shared = Provider<API>(session: Courier.URLSessionTransport.default)

            """)
        XCTAssertEqual(migration.notes, [])
    }

    func test_alamofireConfigurations_becomeURLSessionTransportConfigurations_withTheSameHeaders() {
        // Given: Alamofire 5's configurations with its default headers, spelled every way apps do
        let source = """
            import Moya
            final class APIClient {
                let session: Session = {
                    let configuration = URLSessionConfiguration.af.default
                    configuration.timeoutIntervalForRequest = 30
                    return Session(configuration: configuration)
                }()
                let privateSession = Session(configuration: URLSessionConfiguration.af.ephemeral)
                init(configuration: URLSessionConfiguration = .af.default) {}
                func make() -> URLSessionConfiguration { return .af.ephemeral }
                func other(_ client: Client) -> Any { client.af.default }
            }

            """

        // When
        let migration = Migration(source)

        // Then: the same configurations with the same three headers; another value's `af` is left
        XCTAssertEqual(
            migration.text,
            """
            import Courier
            final class APIClient {
                let session: URLSessionTransport = {
                    let configuration = URLSessionTransport.defaultConfiguration()
                    configuration.timeoutIntervalForRequest = 30
                    return URLSessionTransport(configuration: configuration)
                }()
                let privateSession = URLSessionTransport(configuration: URLSessionTransport.ephemeralConfiguration())
                init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration()) {}
                func make() -> URLSessionConfiguration { return URLSessionTransport.ephemeralConfiguration() }
                func other(_ client: Client) -> Any { client.af.default }
            }

            """)
        XCTAssertEqual(migration.notes, [])
    }

    func test_appsOwnSession_keepsItsName() {
        // Given
        let source = "import Moya\nstruct Login { let session: Session }\nfunc store(_ session: Session) {}\n"

        // When / Then
        XCTAssertEqual(Migration(source).text, source.replacingOccurrences(of: "import Moya", with: "import Courier"))
    }

    func test_providerSubclass_becomesAProviderWrapper() {
        // Given
        let source = """
            import Moya
            class OnlineProvider<Target>: MoyaProvider<Target> where Target: TargetType {
                let online: Bool

                init(stubClosure: @escaping StubClosure = MoyaProvider.neverStub, plugins: [PluginType] = []) {
                    online = true
                    super.init(stubClosure: stubClosure, plugins: plugins)
                }

                override func request(_ target: Target, callbackQueue: DispatchQueue? = .none, progress: ProgressBlock? = .none, completion: @escaping Completion) -> Cancellable {
                    super.request(target, callbackQueue: callbackQueue, progress: progress, completion: completion)
                }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            """
            import Courier
            class OnlineProvider<Target>: ProviderWrapper where Target: TargetType {
                let provider: Provider<Target>
                let online: Bool

                init(stubClosure: @escaping StubClosure = Provider.neverStub, plugins: [PluginType] = []) {
                    online = true
                    provider = Provider(stubClosure: stubClosure, plugins: plugins)
                }

                func request(_ target: Target, callbackQueue: DispatchQueue? = .none, progress: ProgressBlock? = .none, completion: @escaping Completion) -> Cancellable {
                    provider.request(target, callbackQueue: callbackQueue, progress: progress, completion: completion)
                }
            }

            """)
        XCTAssertEqual(migration.notes, [])
    }

    func test_providerSubclassOfAnotherTarget_namesItsTarget_andKeepsItsModifiers() {
        // Given
        let source = """
            import Moya
            class Network<API: TargetType>: MoyaProvider<API> {
                init() { super.init(plugins: []) }
            }
            private final class ShopProvider: MoyaProvider<ShopAPI> {
                init() { super.init(stubClosure: MoyaProvider.immediatelyStub) }
            }
            open class BaseProvider<T: TargetType>: MoyaProvider<T> {}

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            """
            import Courier
            class Network<API: TargetType>: ProviderWrapper {
                typealias Target = API
                let provider: Provider<API>
                init() { provider = Provider(plugins: []) }
            }
            private final class ShopProvider: ProviderWrapper {
                typealias Target = ShopAPI
                let provider: Provider<ShopAPI>
                init() { provider = Provider(stubClosure: Provider.immediatelyStub) }
            }
            open class BaseProvider<T: TargetType>: ProviderWrapper {
                public typealias Target = T
                public let provider: Provider<T>
                public init(
                    endpointClosure: EndpointClosure? = nil,
                    requestClosure: RequestClosure? = nil,
                    stubClosure: StubClosure? = nil,
                    callbackQueue: DispatchQueue? = nil,
                    session: any HTTPTransport = DefaultTransport.shared,
                    plugins: [any PluginType] = [],
                    trackInflights: Bool = false
                ) {
                    provider = Provider(
                        endpointClosure: endpointClosure ?? Provider<Target>.defaultEndpointMapping,
                        requestClosure: requestClosure ?? Provider<Target>.defaultRequestMapping,
                        stubClosure: stubClosure ?? Provider<Target>.neverStub, callbackQueue: callbackQueue,
                        transport: session, plugins: plugins, trackInflights: trackInflights)
                }
            }

            """)
        XCTAssertEqual(migration.notes, [])
    }

    func test_customEncodingError_becomesParameterEncodingError() {
        // Given
        let source = """
            import Alamofire
            struct ArrayEncoding: ParameterEncoding {
                func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
                    throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: CocoaError(.coderInvalidValue)))
                }
            }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            source.replacingOccurrences(of: "import Alamofire", with: "import Courier")
                .replacingOccurrences(of: "AFError.", with: "ParameterEncodingError."))
        XCTAssertEqual(migration.notes, [])
    }
}
