import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: a `URLSession` (FoundationNetworking on Linux).
///
/// Plain requests go through `URLSession.data(for:)` untouched, so Courier adds no copy of the body.
/// Only requests that need it get a per-task delegate: progress reporting and the response-size
/// limit count bytes as they pass, without keeping a second buffer. Uploads stream from files,
/// downloads stream to disk. On a redirect to another origin, credentials are not forwarded.
public final class URLSessionTransport: HTTPTransport {
    /// The session requests are sent with.
    public let session: URLSession
    /// The configuration's `httpAdditionalHeaders`, which URLSession adds to every request.
    public let sessionHeaders: [String: String]
    /// The session's delegate.
    private let redirectGuard = RedirectGuard()

    /// Creates a transport with its own session.
    /// - Parameter configuration: The session configuration. ``defaultConfiguration()`` by default.
    ///   Raise `httpMaximumConnectionsPerHost` (6 by default on Linux) for many concurrent
    ///   requests to one host.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration()) {
        self.session = URLSession(configuration: configuration, delegate: redirectGuard, delegateQueue: nil)
        var headers: [String: String] = [:]
        for (name, value) in configuration.httpAdditionalHeaders ?? [:] {
            headers[String(describing: name)] = String(describing: value)
        }
        self.sessionHeaders = headers
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// `URLSessionConfiguration.default` with `Accept-Encoding`, `Accept-Language` and `User-Agent`
    /// headers, so servers and logs see what the client is.
    public static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = DefaultHeaders.all
        return configuration
    }

    /// Sends the request, streaming file bodies and downloads.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let observer = TransferObserver(request)
        do {
            if let destination = request.destination {
                let (temporaryURL, response) = try await session.download(for: request.urlRequest, delegate: observer)
                let httpResponse = try Self.http(response)
                let fileURL = try DownloadMover.move(temporaryURL, for: httpResponse, to: destination)
                return TransportResponse(response: httpResponse, fileURL: fileURL)
            }
            let (data, response): (Data, URLResponse)
            switch request.body {
            case .file(let fileURL):
                (data, response) = try await session.upload(
                    for: request.urlRequest, fromFile: fileURL, delegate: observer)
            case .inRequest:
                if let observer, let body = request.urlRequest.httpBody, request.progress != nil {
                    var bodyless = request.urlRequest
                    bodyless.httpBody = nil
                    (data, response) = try await session.upload(for: bodyless, from: body, delegate: observer)
                } else {
                    (data, response) = try await session.data(for: request.urlRequest, delegate: observer)
                }
            }
            // The watchdog stops an oversized body early on real networks; on a loopback flood
            // Linux's URLSession may finish before the cancel lands, so the limit is checked here
            // as well and an oversized body is never returned.
            if let tooLarge = observer?.limitError { throw tooLarge }
            if let limit = request.maximumResponseSize, Int64(data.count) > limit {
                throw ResponseTooLargeError(limit: limit, size: Int64(data.count))
            }
            return TransportResponse(response: try Self.http(response), data: data)
        } catch {
            if let tooLarge = observer?.limitError { throw tooLarge }
            #if canImport(FoundationNetworking)
                if (error as? URLError)?.code == .cancelled, !Task.isCancelled,
                    let challenged = redirectGuard.declinedChallenges.take(for: request.urlRequest)
                {
                    return TransportResponse(response: challenged)
                }
            #endif
            throw error
        }
    }

    private static func http(_ response: URLResponse) throws -> HTTPURLResponse {
        guard let httpResponse = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return httpResponse
    }
}
