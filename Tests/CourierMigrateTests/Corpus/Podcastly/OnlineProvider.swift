// swift-format-ignore-file
//
//  OnlineProvider.swift
//  Podcastly
//
//  A provider that adds our plugins and session by default, and fails fast when offline
//  instead of waiting for the request to time out.
//

import Foundation
import Moya

protocol Reachability: Sendable {
    var isOnline: Bool { get }
}

struct AlwaysOnline: Reachability {
    var isOnline: Bool { true }
}

final class OnlineProvider<Target>: MoyaProvider<Target> where Target: TargetType {
    private let reachability: Reachability

    init(endpointClosure: @escaping EndpointClosure = MoyaProvider<Target>.defaultEndpointMapping,
         requestClosure: @escaping RequestClosure = MoyaProvider<Target>.defaultRequestMapping,
         stubClosure: @escaping StubClosure = MoyaProvider<Target>.neverStub,
         session: Session = MoyaProvider<Target>.defaultAlamofireSession(),
         plugins: [PluginType] = [],
         trackInflights: Bool = false,
         reachability: Reachability = AlwaysOnline()) {
        self.reachability = reachability
        super.init(endpointClosure: endpointClosure,
                   requestClosure: requestClosure,
                   stubClosure: stubClosure,
                   session: session,
                   plugins: plugins + [NetworkActivityPlugin { _, _ in }],
                   trackInflights: trackInflights)
    }

    @discardableResult
    override func request(_ target: Target,
                          callbackQueue: DispatchQueue? = .none,
                          progress: ProgressBlock? = .none,
                          completion: @escaping Completion) -> Cancellable {
        guard reachability.isOnline else {
            completion(.failure(.underlying(URLError(.notConnectedToInternet), nil)))
            return CancellableToken { }
        }
        return super.request(target, callbackQueue: callbackQueue, progress: progress, completion: completion)
    }
}
