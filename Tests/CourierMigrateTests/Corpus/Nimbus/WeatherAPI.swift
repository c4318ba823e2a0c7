// swift-format-ignore-file
//
//  WeatherAPI.swift
//  Nimbus
//

import Foundation
import Moya

extension String {
    var urlEscaped: String {
        addingPercentEncoding(withAllowedCharacters: .urlHostAllowed) ?? self
    }
}

enum WeatherAPI {
    case forecast(city: String, days: Int, units: String?)
    case history(stationID: String, from: Date, hourly: Bool)
    case alerts(regions: [String], severity: [String: Any])
    case preferences(settings: [String: Any])
    case resetPreferences
    case coupon(code: String)
    case place(name: String)
    case reportNull
}

extension WeatherAPI: TargetType {
    var baseURL: URL { URL(string: "https://api.nimbus.example/v1")! }

    var path: String {
        switch self {
        case .forecast: return "/forecast"
        case .history(let stationID, _, _): return "/stations/\(stationID)/history"
        case .alerts: return "/alerts"
        case .preferences, .resetPreferences: return "/me/preferences"
        case .coupon(let code): return "/coupons/\(code)"
        case .place(let name): return "/places/\(name.urlEscaped)"
        case .reportNull: return "/reports"
        }
    }

    var method: Moya.Method {
        switch self {
        case .preferences, .resetPreferences: return .put
        case .reportNull: return .post
        default: return .get
        }
    }

    var task: Task {
        switch self {
        case let .forecast(city, days, units):
            return .requestParameters(parameters: ["city": city, "days": days, "units": units as Any], encoding: URLEncoding.default)
        case let .history(_, from, hourly):
            return .requestParameters(parameters: ["from": from, "hourly": hourly], encoding: URLEncoding.queryString)
        case let .alerts(regions, severity):
            return .requestParameters(parameters: ["region": regions, "severity": severity], encoding: URLEncoding(destination: .queryString, arrayEncoding: .indexInBrackets))
        case .preferences(let settings):
            return .requestParameters(parameters: settings, encoding: URLEncoding.default)
        case .resetPreferences:
            return .requestParameters(parameters: [:], encoding: URLEncoding.default)
        case .coupon, .place:
            return .requestPlain
        case .reportNull:
            return .requestParameters(parameters: ["station": NSNull(), "reason": "offline"], encoding: URLEncoding.httpBody)
        }
    }

    var headers: [String: String]? { nil }

    var sampleData: Data {
        switch self {
        case .forecast: return Data(#"{"days": [{"high": 21, "low": 12}]}"#.utf8)
        default: return Data()
        }
    }

    var validationType: ValidationType {
        switch self {
        case .forecast, .history: return .customCodes([200, 304])
        default: return .successCodes
        }
    }
}
