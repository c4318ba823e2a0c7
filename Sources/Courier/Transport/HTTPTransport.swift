/// Sends one HTTP request and returns its response: the seam between what a request is and how it
/// travels.
///
/// ``URLSessionTransport`` is the default. Conform your own type to route requests through another
/// client or to fake the network in tests. Throw any error for a failed transfer; a response with
/// any status code is not an error here. Honour task cancellation by throwing promptly.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, with the body in memory or, for downloads, on disk.
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// Headers the transport adds to every request, such as `User-Agent`; shown by loggers.
    var sessionHeaders: [String: String] { get }
}

extension HTTPTransport {
    /// No session headers.
    public var sessionHeaders: [String: String] { [:] }
}
