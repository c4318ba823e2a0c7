// swift-format-ignore-file
//
//  WeatherClient.swift
//  Nimbus
//

import Foundation
import Courier
import CourierPlugins

enum WeatherClient {
    /// Offline demo mode answers from sample data after a short delay, like the real server.
    static var demoMode: Bool { ProcessInfo.processInfo.environment["NIMBUS_DEMO"] == "1" }

    static let activity = NetworkActivityPlugin { change, target in
        switch change {
        case .began: print("began \(target.path)")
        case .ended: print("ended \(target.path)")
        }
    }

    static let provider = Provider<WeatherAPI>(
        stubClosure: { _ in demoMode ? .delayed(seconds: 0.3) : .never },
        callbackQueue: DispatchQueue.global(qos: .utility),
        plugins: [activity],
        trackInflights: true
    )

    static func forecast(for city: String, completion: @escaping @Sendable (String) -> Void) {
        provider.request(.forecast(city: city, days: 3, units: nil)) { result in
            switch result {
            case .success(let response):
                completion((try? response.mapString()) ?? "")
            case .failure(let error):
                switch error {
                case .statusCode(let response):
                    completion("HTTP \(response.statusCode)")
                case .underlying(let error, _):
                    completion(error.localizedDescription)
                default:
                    completion("failed")
                }
            }
        }
    }
}
