import Dispatch
import Foundation

/// A type that sends its requests through a ``Provider`` it holds: how a Moya provider subclass
/// is ported, since ``Provider`` is `final` (it is `Sendable`, and a subclass could add state the
/// compiler cannot check). The conforming type need not be `Sendable`: in an app it may belong to
/// the main actor, as the subclass did.
///
/// Conform, store the provider in `provider`, and every call site keeps working: `request` in its
/// async, decoding, completion-handler and resuming forms, `requestWithProgress`, `endpoint`, and the
/// provider's closures and plugins. Inside the type, `EndpointClosure`, `RequestClosure` and
/// `StubClosure` name the provider's closure types, as they did in a subclass.
///
/// ```swift
/// // Moya: class OnlineProvider<Target: TargetType>: MoyaProvider<Target> { … super.init(…) }
/// final class OnlineProvider<Target: TargetType>: ProviderWrapper {
///     let provider: Provider<Target>
///
///     init(stubClosure: @escaping StubClosure = Provider.neverStub, plugins: [PluginType] = []) {
///         provider = Provider(stubClosure: stubClosure, plugins: plugins + [AppHeadersPlugin()])
///     }
/// }
/// ```
///
/// A wrapper of one API (`final class ShopProvider: ProviderWrapper` holding a `Provider<Shop>`)
/// names it with `typealias Target = Shop`, so that `StubClosure` and the other names resolve.
///
/// To add behaviour to every request, give the provider a plugin (an async
/// ``PluginType/adapt(_:target:)`` can wait, for reachability say). To change one form of
/// `request`, implement it in the type, calling `provider`; the forms you do not implement go
/// straight to `provider`, and the decoding form goes through the async ``ProviderType/request(_:isolation:)->Response``.
public protocol ProviderWrapper<Target>: ProviderType {
    /// The provider every request goes through.
    var provider: Provider<Target> { get }
}

extension ProviderWrapper {
    /// Maps a target to an endpoint (the provider's type).
    public typealias EndpointClosure = Provider<Target>.EndpointClosure
    /// Turns an endpoint into a `URLRequest` (the provider's type).
    public typealias RequestClosure = Provider<Target>.RequestClosure
    /// Hands the result of building a request back (the provider's type).
    public typealias RequestResultClosure = Provider<Target>.RequestResultClosure
    /// Decides whether a target is stubbed (the provider's type).
    public typealias StubClosure = Provider<Target>.StubClosure

    /// The provider's ``Provider/request(_:isolation:)->Response``.
    public func request(_ target: Target, isolation: isolated (any Actor)?) async throws(CourierError) -> Response {
        try await provider.request(target, isolation: isolation)
    }

    /// The provider's ``Provider/request(_:callbackQueue:progress:completion:isolation:)``:
    /// immediate stubs complete before it returns, and progress is reported as the provider
    /// reports it.
    @discardableResult
    public func request(
        _ target: Target, callbackQueue: DispatchQueue?, progress: ProgressBlock?, completion: @escaping Completion,
        isolation: isolated (any Actor)?
    ) -> any Cancellable {
        provider.request(
            target, callbackQueue: callbackQueue, progress: progress, completion: completion, isolation: isolation)
    }

    /// The provider's ``Provider/requestWithProgress(_:isolation:)``.
    public func requestWithProgress(_ target: Target, isolation: isolated (any Actor)? = #isolation)
        -> ProgressSequence
    {
        provider.requestWithProgress(target, isolation: isolation)
    }

    /// The provider's ``Provider/request(_:resumingFrom:isolation:)``.
    public func request(_ target: Target, resumingFrom point: DownloadResumePoint?, isolation: isolated (any Actor)?)
        async throws(CourierError) -> Response
    {
        try await provider.request(target, resumingFrom: point, isolation: isolation)
    }

    /// The provider's ``Provider/request(_:resumingFrom:callbackQueue:progress:completion:isolation:)``.
    @discardableResult
    public func request(
        _ target: Target, resumingFrom point: DownloadResumePoint?, callbackQueue: DispatchQueue?,
        progress: ProgressBlock?, completion: @escaping Completion, isolation: isolated (any Actor)?
    ) -> any Cancellable {
        provider.request(
            target, resumingFrom: point, callbackQueue: callbackQueue, progress: progress, completion: completion,
            isolation: isolation)
    }

    /// The provider's ``Provider/requestWithProgress(_:resumingFrom:isolation:)``.
    public func requestWithProgress(
        _ target: Target, resumingFrom point: DownloadResumePoint?, isolation: isolated (any Actor)? = #isolation
    ) -> ProgressSequence {
        provider.requestWithProgress(target, resumingFrom: point, isolation: isolation)
    }

    /// The provider's ``Provider/endpoint(_:)``.
    public func endpoint(_ target: Target) -> Endpoint {
        provider.endpoint(target)
    }

    /// The provider's endpoint closure.
    public var endpointClosure: EndpointClosure { provider.endpointClosure }
    /// The provider's request closure.
    public var requestClosure: RequestClosure { provider.requestClosure }
    /// The provider's stub closure.
    public var stubClosure: StubClosure { provider.stubClosure }
    /// The provider's callback queue.
    public var callbackQueue: DispatchQueue? { provider.callbackQueue }
    /// The provider's plugins.
    public var plugins: [any PluginType] { provider.plugins }
    /// The provider's transport.
    public var transport: any HTTPTransport { provider.transport }
    /// Whether the provider shares identical concurrent requests.
    public var trackInflights: Bool { provider.trackInflights }
}
