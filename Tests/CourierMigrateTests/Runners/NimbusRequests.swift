// Corpus files: WeatherAPI.swift
// Every WeatherAPI endpoint: the values Moya's URL encoding writes as text (a `Date`, an
// `Optional`, `NSNull`), nested query values, an empty form body, and paths with `%`.
import Courier
import Foundation

enum CorpusRequests {
    static func all() -> [CorpusRequest] {
        let from = Date(timeIntervalSince1970: 1_709_294_400)  // 2024-03-01 12:00:00 +0000
        return CorpusRequest.list(
            [
                ("forecast", .forecast(city: "Zürich", days: 3, units: nil)),
                ("forecastMetric", .forecast(city: "Bern", days: 1, units: "metric")),
                ("history", .history(stationID: "ZRH", from: from, hourly: true)),
                ("alerts", .alerts(regions: ["north", "east"], severity: ["min": 2, "max": 4])),
                ("preferences", .preferences(settings: ["theme": "dark", "alerts": true, "radius": 25])),
                ("resetPreferences", .resetPreferences),
                ("coupon", .coupon(code: "100%AB")),
                ("place", .place(name: "ash furrow")),
                ("reportNull", .reportNull),
            ] as [(String, WeatherAPI)]
        ) { transport in
            Provider(transport: transport)
        }
    }
}
