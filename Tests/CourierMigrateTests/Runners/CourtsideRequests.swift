// Corpus files: ScoresAPI.swift
// Every ScoresAPI endpoint.
import Courier
import Foundation

enum CorpusRequests {
    static func all() -> [CorpusRequest] {
        CorpusRequest.list(
            [
                ("live", .live(league: "nba")),
                ("game", .game(id: "g1")),
                ("follow", .follow(teamID: 14)),
                ("unfollow", .unfollow(teamID: 14)),
            ] as [(String, ScoresAPI)]
        ) { transport in
            Provider(transport: transport)
        }
    }
}
