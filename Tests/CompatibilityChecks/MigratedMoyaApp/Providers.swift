import Courier
import CourierPlugins
import Foundation

// Moya: a provider subclass that adds default plugins in `init` and wraps `request`:
//
//     class OnlineProvider<Target: TargetType>: MoyaProvider<Target> {
//         init(endpointClosure: @escaping EndpointClosure = MoyaProvider.defaultEndpointMapping,
//              stubClosure: @escaping StubClosure = MoyaProvider.neverStub,
//              session: Session = MoyaProvider<Target>.defaultAlamofireSession(),
//              plugins: [PluginType] = []) {
//             super.init(endpointClosure: endpointClosure, stubClosure: stubClosure, session: session,
//                        plugins: plugins + [AppHeadersPlugin(appVersion: "1.0")])
//         }
//         override func request(_ target: Target, callbackQueue: DispatchQueue? = .none,
//                               progress: ProgressBlock? = .none, completion: @escaping Completion) -> Cancellable {
//             Analytics.track(target.path)
//             return super.request(target, callbackQueue: callbackQueue, progress: progress, completion: completion)
//         }
//     }
final class OnlineProvider<Target: TargetType>: ProviderWrapper {
    let provider: Provider<Target>

    init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping,
        stubClosure: @escaping StubClosure = Provider.neverStub,
        session: URLSessionTransport = Provider<Target>.defaultTransport(),
        plugins: [PluginType] = []
    ) {
        provider = Provider(
            endpointClosure: endpointClosure, stubClosure: stubClosure, session: session,
            plugins: plugins + [AppHeadersPlugin(appVersion: "1.0")])
    }

    @discardableResult
    func request(
        _ target: Target, callbackQueue: DispatchQueue? = .none, progress: ProgressBlock? = .none,
        completion: @escaping Completion
    ) -> Cancellable {
        Analytics.track(target.path)
        return provider.request(target, callbackQueue: callbackQueue, progress: progress, completion: completion)
    }
}

// Moya: a subclass for one API, `final class ShopProvider: MoyaProvider<ShopAPI>`; the rewrite
// names the target, which a generic subclass gets from its parameter.
final class ShopProvider: ProviderWrapper {
    typealias Target = ShopAPI

    let provider: Provider<ShopAPI>

    // Moya: `stubClosure: @escaping StubClosure = MoyaProvider.neverStub`. Swift 5 mode evaluates
    // a default argument outside the caller's actor, where a main-actor target's conformance (Xcode
    // 26) may not be used, so the default is `nil`, as in the initializer courier-migrate writes.
    init(stubClosure: StubClosure? = nil) {
        provider = Provider(
            stubClosure: stubClosure ?? Provider.neverStub, plugins: [AppHeadersPlugin(appVersion: "1.0")])
    }
}

enum Analytics {
    static func track(_ event: String) {}
}

enum ProviderFactory {
    // Moya:
    //     let configuration = URLSessionConfiguration.default
    //     configuration.headers = .default
    //     configuration.timeoutIntervalForRequest = 20
    //     return Session(configuration: configuration, startRequestsImmediately: false)
    static func makeSession() -> URLSessionTransport {
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = URLSessionTransport.defaultHeaders
        configuration.timeoutIntervalForRequest = 20
        return URLSessionTransport(configuration: configuration, startRequestsImmediately: false)
    }

    // Moya: closures kept in a `let` and then passed on, unannotated, as they were.
    static func makeProvider(token: String) -> Provider<ShopAPI> {
        let endpointClosure = { (target: ShopAPI) -> Endpoint in
            let url = URL(target: target).absoluteString
            return Endpoint(
                url: url, sampleResponseClosure: { .networkResponse(200, target.sampleData) }, method: target.method,
                task: target.task, httpHeaderFields: target.headers
            ).adding(newHTTPHeaderFields: ["Authorization": "Bearer \(token)"])
        }
        let requestClosure = { (endpoint: Endpoint, done: Provider<ShopAPI>.RequestResultClosure) in
            do {
                var request = try endpoint.urlRequest()
                request.timeoutInterval = 30
                done(.success(request))
            } catch {
                done(.failure(CourierError.underlying(error, nil)))
            }
        }
        return Provider<ShopAPI>(
            endpointClosure: endpointClosure, requestClosure: requestClosure, session: makeSession(),
            plugins: [NetworkLoggerPlugin(configuration: .init(logOptions: .verbose)), EnvelopeErrorPlugin()])
    }

    // Moya: a custom endpoint closure that adds a parameter to every parameterised task.
    static func endpointAddingAPIKey(_ target: ShopAPI) -> Endpoint {
        let endpoint = Provider.defaultEndpointMapping(for: target)
        switch endpoint.task {
        case .requestParameters(var parameters, let encoding):
            parameters["api_key"] = "k"
            return endpoint.replacing(task: .requestParameters(parameters: parameters, encoding: encoding))
        default:
            return endpoint
        }
    }

    static func stubbedInTests(_ target: ShopAPI) -> StubBehavior {
        switch target {
        case .products: return .immediate
        default: return .delayed(seconds: 0.1)
        }
    }

    // Moya: static methods named where a closure is expected; under Xcode 26's settings they are
    // main-actor methods, which a plain closure type cannot take, so they are called from closures
    // (Swift6Remains/StaticMethodAsClosure.swift).
    static let keyed = Provider<ShopAPI>(
        endpointClosure: { endpointAddingAPIKey($0) }, stubClosure: { stubbedInTests($0) })
    static let multi = Provider<MultiTarget>(session: Provider<MultiTarget>.defaultTransport())
    static let shared = Provider<ShopAPI>(session: URLSessionTransport.default, trackInflights: true)

    // Moya: wrappers kept in a `static let`; they are not `Sendable` (nor were Moya's providers), so
    // Swift 6 mode wants them on the main actor (Swift6Remains/SharedProviderWrapper.swift).
    @MainActor static let online = OnlineProvider<ShopAPI>(plugins: [NetworkLoggerPlugin()])
    @MainActor static let shop = ShopProvider(stubClosure: { stubbedInTests($0) })

    // Moya: a closure with a capture list, as a `let`, passed on.
    static func makeWeaklyCapturing(owner: AnyObject) -> Provider<ShopAPI> {
        let endpointClosure = { [weak owner] (target: ShopAPI) -> Endpoint in
            _ = owner
            return Provider.defaultEndpointMapping(for: target)
        }
        return Provider<ShopAPI>(endpointClosure: endpointClosure)
    }
}
