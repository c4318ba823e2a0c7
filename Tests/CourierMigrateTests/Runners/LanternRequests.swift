// Corpus files: LanternAPI.swift LanternPlugins.swift
// Every LanternAPI endpoint, signed by the app's SessionPlugin.
import Courier
import Foundation

enum CorpusRequests {
    static func all() -> [CorpusRequest] {
        CorpusRequest.list(
            [
                ("feed", .feed(cursor: nil)),
                ("feedNext", .feed(cursor: "c/2")),
                ("like", .like(storyID: "s1")),
                ("comment", .comment(storyID: "s1", text: "Nice!")),
                ("report", .report(storyID: "s1", reasons: ["spam", "abuse"], details: ["screen": "feed"])),
                ("refreshToken", .refreshToken(token: "r+1")),
            ] as [(String, LanternAPI)]
        ) { transport in
            Provider(transport: transport, plugins: [SessionPlugin(clientSecret: "lantern-ios")])
        }
    }
}
