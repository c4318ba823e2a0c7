// Corpus files: JSONArrayEncoding.swift FormEncoding.swift TrailAPI.swift
// Every TrailAPI endpoint, with the app's two custom parameter encodings.
import Courier
import Foundation

enum CorpusRequests {
    static func all() -> [CorpusRequest] {
        let waypoints = [
            Waypoint(latitude: 47.5, longitude: 8.25, elevation: 1200),
            Waypoint(latitude: 47.75, longitude: 8.5, elevation: 1350),
        ]
        return CorpusRequest.list(
            [
                ("trails", .trails(region: "alps", difficulty: 3)),
                ("syncWaypoints", .syncWaypoints(trailID: 5, waypoints: waypoints)),
                ("report", .report(trailID: 5, condition: "muddy", blocked: true)),
                ("favourite", .favourite(trailID: 5)),
            ] as [(String, TrailAPI)]
        ) { transport in
            Provider(transport: transport)
        }
    }
}
