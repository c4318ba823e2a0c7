// swift-format-ignore-file
//
//  OnlineProvider.swift
//  Podcastly
//
//  A provider that adds our plugins and session by default, and fails fast when offline
//  instead of waiting for the request to time out.
//

import Foundation
import Courier
import CourierPlugins

protocol Reachability: Sendable {
    var isOnline: Bool { get }
}

struct AlwaysOnline: Reachability {
    var isOnline: Bool { true }
}

final class OnlineProvider<Target>: ProviderWrapper where Target: TargetType {
    let provider: Provider<Target>
    private let reachability: Reachability

    init(endpointClosure: @escaping EndpointClosure = Provider<Target>.defaultEndpointMapping,
         requestClosure: @escaping RequestClosure = Provider<Target>.defaultRequestMapping,
         stubClosure: @escaping StubClosure = Provider<Target>.neverStub,
         session: URLSessionTransport = Provider<Target>.defaultTransport(),
         plugins: [PluginType] = [],
         trackInflights: Bool = false,
         reachability: Reachability = AlwaysOnline()) {
        self.reachability = reachability
        provider = Provider(endpointClosure: endpointClosure,
                   requestClosure: requestClosure,
                   stubClosure: stubClosure,
                   session: session,
                   plugins: plugins + [NetworkActivityPlugin { _, _ in }],
                   trackInflights: trackInflights)
    }

    @discardableResult
    func request(_ target: Target,
                          callbackQueue: DispatchQueue? = .none,
                          progress: ProgressBlock? = .none,
                          completion: @escaping Completion) -> Cancellable {
        guard reachability.isOnline else {
            completion(.failure(.underlying(URLError(.notConnectedToInternet), nil)))
            return CancellableToken { }
        }
        return provider.request(target, callbackQueue: callbackQueue, progress: progress, completion: completion)
    }
}
