// How apps set up their providers: defaults, plugins, custom endpoint and request closures,
// stubs with custom sample responses, and a Moya provider subclass ported to a wrapper.
import Courier
import CourierPlugins
import Foundation

@MainActor
enum Providers {
    /// The provider the screens use.
    static let shop = Provider<Shop>(
        endpointClosure: endpointClosure,
        requestClosure: requestClosure,
        plugins: [
            AppVersionPlugin(),
            AccessTokenPlugin { _ in Session.shared.token },
            NetworkLoggerPlugin(configuration: .init(output: { _, items in AppLog.shared.record(items.joined()) })),
        ])

    /// Adds a header from the session to every endpoint, as Moya's documentation shows.
    static let endpointClosure = { (target: Shop) -> Endpoint in
        let endpoint = Provider.defaultEndpointMapping(for: target)
        return endpoint.adding(newHTTPHeaderFields: ["X-Device": "corpus", "X-Path": target.path])
    }

    /// Moya's request closure shape: builds the request, adjusts it, calls back once.
    static let requestClosure = { (endpoint: Endpoint, done: Provider<Shop>.RequestResultClosure) in
        do {
            var request = try endpoint.urlRequest()
            request.timeoutInterval = 20
            request.httpShouldHandleCookies = false
            done(.success(request))
        } catch {
            done(.failure(.underlying(error, nil)))
        }
    }

    /// A stubbed provider whose endpoints answer what a test wants, through the target's data.
    static func stubbed(status: Int = 200) -> Provider<Shop> {
        let endpointClosure = { (target: Shop) -> Endpoint in
            Endpoint(
                url: URL(target: target).absoluteString,
                sampleResponseClosure: { .networkResponse(status, target.sampleData) },
                method: target.method,
                task: target.task,
                httpHeaderFields: target.headers
            )
        }
        return Provider<Shop>(
            endpointClosure: endpointClosure, stubClosure: Provider.immediatelyStub, plugins: [ActivityPlugin()])
    }

    /// Delayed stubs, for screens that show a spinner.
    static let slow = Provider<Shop>(stubClosure: Provider.delayedStub(0.05))

    #if XCODE26
        /// A provider whose plugin reads the main actor's session (Xcode 26's default).
        static let signedIn = Provider<Shop>(stubClosure: Provider.immediatelyStub, plugins: [SessionHeaderPlugin()])
    #endif
}

/// Moya: `final class ShopProvider: MoyaProvider<Shop>`, ported by courier-migrate.
final class ShopProvider: ProviderWrapper {
    typealias Target = Shop
    let provider: Provider<Shop>
    private(set) var sent = 0

    init(stubClosure: @escaping StubClosure = { _ in .never }, plugins: [PluginType] = []) {
        provider = Provider(stubClosure: stubClosure, plugins: plugins + [AppVersionPlugin()])
    }

    @discardableResult
    func request(
        _ target: Shop, callbackQueue: DispatchQueue? = .none, progress: ProgressBlock? = .none,
        completion: @escaping Completion
    ) -> Cancellable {
        sent += 1
        return provider.request(target, callbackQueue: callbackQueue, progress: progress, completion: completion)
    }
}
