// swift-format-ignore-file
//
//  PodcastSession.swift
//  Podcastly
//

import Foundation
import Courier
import CourierPlugins

enum PodcastSession {
    /// Episodes are large: a longer resource timeout, and no more than four connections.
    static func makeSession() -> URLSessionTransport {
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = URLSessionTransport.defaultHeaders
        configuration.timeoutIntervalForRequest = 30
        configuration.timeoutIntervalForResource = 600
        configuration.httpMaximumConnectionsPerHost = 4
        return URLSessionTransport(configuration: configuration, startRequestsImmediately: false)
    }

    static let provider = OnlineProvider<PodcastAPI>(session: makeSession(), plugins: [NetworkLoggerPlugin()])

    static let plainProvider = Provider<PodcastAPI>(session: Provider<PodcastAPI>.defaultTransport())
}
