// swift-format-ignore-file
//
//  LedgerClient.swift
//  Ledger
//

import Foundation
import Moya

final class TokenStore: @unchecked Sendable {
    // Guarded by `lock`: read by the token closure on any thread, written after sign-in.
    private let lock = NSLock()
    private var token: String?

    func set(_ token: String?) {
        lock.lock(); self.token = token; lock.unlock()
    }

    var current: String {
        lock.lock(); defer { lock.unlock() }
        return token ?? ""
    }
}

struct LedgerClient {
    static let tokens = TokenStore()

    static let plugins: [PluginType] = [
        AccessTokenPlugin { _ in tokens.current },
        IdempotencyPlugin(deviceID: "device-42", makeKey: { "key-1" }),
        ServerMessagePlugin(),
        CredentialsPlugin { target -> URLCredential? in
            if case .statement = target as? LedgerAPI {
                return URLCredential(user: "statements", password: "s3cret", persistence: .none)
            }
            return nil
        },
        LedgerLog.plugin,
    ]

    let provider: MoyaProvider<LedgerAPI>

    init(provider: MoyaProvider<LedgerAPI> = MoyaProvider<LedgerAPI>(plugins: LedgerClient.plugins)) {
        self.provider = provider
    }

    @discardableResult
    func transfer(from: String, to: String, cents: Int, completion: @escaping @Sendable (Bool) -> Void) -> Cancellable {
        provider.request(.transfer(from: from, to: to, amountCents: cents)) { result in
            switch result {
            case .success(let response):
                completion((200..<300).contains(response.statusCode))
            case .failure(let error):
                if case .underlying(let underlying, _) = error, (underlying as? URLError)?.code == .notConnectedToInternet {
                    completion(false)
                } else {
                    completion(false)
                }
            }
        }
    }
}
