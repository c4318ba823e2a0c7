// Corpus files: PodcastAPI.swift
// Every PodcastAPI endpoint. OnlineProvider adds plugins that change no byte and takes a
// URLSessionTransport, so a plain provider with the default mapping sends the same requests.
import Courier
import Foundation

enum CorpusRequests {
    static func all() -> [CorpusRequest] {
        CorpusRequest.list(
            [
                ("episodes", .episodes(showID: 12, page: 2)),
                ("subscribe", .subscribe(showID: 12)),
                ("playback", .playback(episodeID: 99, position: 754.5, finished: false)),
            ] as [(String, PodcastAPI)]
        ) { transport in
            Provider(transport: transport)
        }
    }
}
