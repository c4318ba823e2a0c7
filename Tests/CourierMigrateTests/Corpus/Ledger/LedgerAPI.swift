// swift-format-ignore-file
//
//  LedgerAPI.swift
//  Ledger
//

import Foundation
import Moya

enum LedgerAPI {
    case accounts
    case transactions(accountID: String, since: String)
    case transfer(from: String, to: String, amountCents: Int)
    case signIn(email: String, password: String)
    case statement(month: String)
}

extension LedgerAPI: TargetType, AccessTokenAuthorizable {
    var baseURL: URL { URL(string: "https://api.ledger.example.com")! }

    var path: String {
        switch self {
        case .accounts: return "/v1/accounts"
        case .transactions(let accountID, _): return "/v1/accounts/\(accountID)/transactions"
        case .transfer: return "/v1/transfers"
        case .signIn: return "/v1/session"
        case .statement(let month): return "/v1/statements/\(month)"
        }
    }

    var method: Moya.Method {
        switch self {
        case .transfer, .signIn: return .post
        default: return .get
        }
    }

    var task: Task {
        switch self {
        case .accounts, .statement:
            return .requestPlain
        case .transactions(_, let since):
            return .requestParameters(parameters: ["since": since, "limit": 50], encoding: URLEncoding.default)
        case let .transfer(from, to, amountCents):
            return .requestParameters(parameters: ["from": from, "to": to, "amount": ["cents": amountCents, "currency": "EUR"]], encoding: JSONEncoding.default)
        case let .signIn(email, password):
            return .requestParameters(parameters: ["email": email, "password": password], encoding: JSONEncoding.default)
        }
    }

    var headers: [String: String]? { ["Accept": "application/json"] }

    var sampleData: Data { Data() }

    var authorizationType: AuthorizationType? {
        switch self {
        case .signIn: return nil
        case .statement: return .custom("Token")
        default: return .bearer
        }
    }
}
