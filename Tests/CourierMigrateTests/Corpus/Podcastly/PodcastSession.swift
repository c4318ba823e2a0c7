// swift-format-ignore-file
//
//  PodcastSession.swift
//  Podcastly
//

import Alamofire
import Foundation
import Moya

enum PodcastSession {
    /// Episodes are large: a longer resource timeout, and no more than four connections.
    static func makeSession() -> Session {
        let configuration = URLSessionConfiguration.default
        configuration.headers = .default
        configuration.timeoutIntervalForRequest = 30
        configuration.timeoutIntervalForResource = 600
        configuration.httpMaximumConnectionsPerHost = 4
        return Session(configuration: configuration, startRequestsImmediately: false)
    }

    static let provider = OnlineProvider<PodcastAPI>(session: makeSession(), plugins: [NetworkLoggerPlugin()])

    static let plainProvider = MoyaProvider<PodcastAPI>(session: MoyaProvider<PodcastAPI>.defaultAlamofireSession())
}
