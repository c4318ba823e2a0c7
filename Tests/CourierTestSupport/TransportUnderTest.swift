import Courier
import Foundation

/// Which transport the integration suites run over: the process's default (`DefaultTransport.shared`),
/// libcurl on Linux unless `COURIER_TRANSPORT=urlsession` chose URLSession, as the test command does
/// for its second run.
///
/// Suites choose a transport through this type and expect what differs through
/// ``TransportDifference``; they never ask the default transport what it is themselves
/// (`TransportDifferenceListTests` checks that).
public enum TransportUnderTest: Sendable {
    /// `CurlTransport`, on Linux.
    case curl
    /// `URLSessionTransport`: FoundationNetworking's on Linux, Apple's elsewhere.
    case urlSession

    /// The kind of `DefaultTransport.shared`.
    public static var current: TransportUnderTest {
        #if os(Linux)
            DefaultTransport.shared is CurlTransport ? .curl : .urlSession
        #else
            .urlSession
        #endif
    }

    /// The kind of `transport`.
    public static func of(_ transport: any HTTPTransport) -> TransportUnderTest {
        #if os(Linux)
            transport is CurlTransport ? .curl : .urlSession
        #else
            .urlSession
        #endif
    }

    /// A new `CurlTransport` with the default configuration, on Linux; elsewhere, where there is
    /// none, an error (``make(curl:urlSession:)`` never asks for one there).
    public static func curlTransport() throws -> any HTTPTransport {
        #if os(Linux)
            try CurlTransport()
        #else
            throw URLError(.unsupportedURL)
        #endif
    }

    /// The kind's name in test messages: `curl` or `URLSession`.
    public var name: String {
        switch self {
        case .curl: "curl"
        case .urlSession: "URLSession"
        }
    }

    /// A new transport of the default's kind, made by `curl` or `urlSession`: for tests that need a
    /// transport of their own (its own cookies, its own temporary folder) over the same library.
    /// - Parameters:
    ///   - curl: Makes the libcurl transport (only called on Linux).
    ///   - urlSession: Makes the URLSession transport.
    public static func make(
        curl: () throws -> any HTTPTransport, urlSession: () throws -> any HTTPTransport
    ) rethrows -> any HTTPTransport {
        switch current {
        case .curl: try curl()
        case .urlSession: try urlSession()
        }
    }
}
