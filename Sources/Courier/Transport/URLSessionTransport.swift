import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: a `URLSession` (FoundationNetworking on Linux).
///
/// Plain requests go through `URLSession.data(for:)` untouched, so Courier adds no copy of the body.
/// Only requests that need it get a per-task delegate: progress reporting and the response-size
/// limit count bytes as they pass, without keeping a second buffer. Uploads stream from files
/// (see `StreamedFileBody` for Linux); downloads stream to disk through a download task and are
/// moved to their destination before `send` returns. The response-size limit protects memory: it
/// applies to bodies kept in memory, not to downloads. On a redirect to another origin, credentials are not
/// forwarded.
public final class URLSessionTransport: HTTPTransport {
    /// The session requests are sent with. Its delegate belongs to the transport.
    public let session: URLSession
    private let delegate = SessionDelegate()
    /// The configuration's `httpAdditionalHeaders`, which URLSession adds to every request.
    public let sessionHeaders: [String: String]

    /// Creates a transport with its own session.
    /// - Parameter configuration: The session configuration. ``defaultConfiguration()`` by default.
    ///   Raise `httpMaximumConnectionsPerHost` (6 by default on Linux) for many concurrent
    ///   requests to one host.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration()) {
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
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
        if let destination = request.destination {
            return try await FileDownload(destination: destination, observer: observer)
                .run(request.urlRequest, in: session, delegate: delegate)
        }
        do {
            let (data, response): (Data, URLResponse)
            switch request.body {
            case .file(let fileURL):
                (data, response) = try await upload(request.urlRequest, fromFile: fileURL, observer: observer)
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
            if let challenged = delegate.declinedChallenge(endingWith: error, for: request.urlRequest) {
                return TransportResponse(response: challenged)
            }
            throw error
        }
    }

    /// Sends `request` with the file as its body, streamed from disk.
    private func upload(_ request: URLRequest, fromFile fileURL: URL, observer: TransferObserver?) async throws
        -> (Data, URLResponse)
    {
        #if canImport(FoundationNetworking)
            try await session.data(for: StreamedFileBody.request(request, streaming: fileURL), delegate: observer)
        #else
            try await session.upload(for: request, fromFile: fileURL, delegate: observer)
        #endif
    }

    private static func http(_ response: URLResponse) throws -> HTTPURLResponse {
        guard let httpResponse = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return httpResponse
    }
}
