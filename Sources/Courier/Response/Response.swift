import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The answer to a request: status code, body, and the request and HTTP response it came from.
///
/// Immutable and `Sendable`. Map it with ``mapJSON(failsOnEmptyData:)``, ``mapString(atKeyPath:)``
/// or ``map(_:atKeyPath:using:failsOnEmptyData:)``; check it with the `filter` methods.
public final class Response: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The HTTP status code.
    public let statusCode: Int
    /// The body. Empty for a download, whose body is in the file at ``fileURL``.
    public let data: Data
    /// The request that was sent, after every plugin. `nil` for responses built by hand.
    public let request: URLRequest?
    /// The HTTP response. `nil` for stubbed `.networkResponse` samples and responses built by hand.
    ///
    /// Over ``CurlTransport`` it is made from the parsed head the first time it is read, which spares
    /// requests whose callers never read it the cost of building one; every read returns the same object.
    public var response: HTTPURLResponse? { http.response }
    /// Where a downloaded body was saved; `nil` unless the target's task is a download.
    public let fileURL: URL?
    /// Where the response came from: the network, a stub, or the provider's cache. `.network` for
    /// responses built by hand.
    public let origin: ResponseOrigin
    /// What the exchange that produced this response cost: timings, bytes, connection, redirects
    /// (see ``TransferMetrics``). A stub or an answer from the cache says so in the metrics'
    /// ``TransferMetrics/origin``, with no transfer; a revalidated answer has the metrics of its
    /// `304` exchange. `nil` for responses built by hand, a transport that measures nothing, and
    /// the head of a response streamed from the network.
    ///
    /// Made from the transport's raw figures each time it is read: a request whose metrics nobody
    /// reads does not pay for them. Not part of ``==(_:_:)``.
    public var metrics: TransferMetrics? { measured.metrics(origin: origin) }
    /// Where ``response`` comes from.
    let http: HTTPResponseSource
    /// What ``metrics`` is made from.
    let measured: MeasuredTransfer

    /// Creates a response.
    /// - Parameters:
    ///   - statusCode: The HTTP status code.
    ///   - data: The body kept in memory; empty for a download.
    ///   - request: The request that was sent. `nil` by default.
    ///   - response: The HTTP response. `nil` by default.
    ///   - fileURL: Where a downloaded body is. `nil` by default: the body is `data`.
    public convenience init(
        statusCode: Int, data: Data, request: URLRequest? = nil, response: HTTPURLResponse? = nil, fileURL: URL? = nil
    ) {
        self.init(statusCode: statusCode, data: data, request: request, http: .made(response), fileURL: fileURL)
    }

    /// Creates a response whose `HTTPURLResponse` comes from `http`.
    init(
        statusCode: Int, data: Data, request: URLRequest?, http: HTTPResponseSource, fileURL: URL?,
        origin: ResponseOrigin = .network, measured: MeasuredTransfer = .none
    ) {
        self.statusCode = statusCode
        self.data = data
        self.request = request
        self.http = http
        self.fileURL = fileURL
        self.origin = origin
        self.measured = measured
    }

    /// `Status Code: 200, Data Length: 42`.
    public var description: String {
        "Status Code: \(statusCode), Data Length: \(data.count)"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// Two responses are equal when their status codes, bodies, files and HTTP responses
    /// (URL, status and headers) are equal.
    public static func == (lhs: Response, rhs: Response) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.data == rhs.data && lhs.fileURL == rhs.fileURL
            && sameHTTPResponse(lhs.response, rhs.response)
    }

    private static func sameHTTPResponse(_ lhs: HTTPURLResponse?, _ rhs: HTTPURLResponse?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let lhs?, let rhs?):
            lhs === rhs
                || (lhs.url == rhs.url && lhs.statusCode == rhs.statusCode
                    && HTTPHeaders.normalized(lhs.allHeaderFields) == HTTPHeaders.normalized(rhs.allHeaderFields))
        default: false
        }
    }
}
