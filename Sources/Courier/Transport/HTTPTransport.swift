/// Sends one HTTP request and returns its response: the seam between what a request is and how it
/// travels.
///
/// ``URLSessionTransport`` is the default. Conform your own type to route requests through another
/// client or to fake the network in tests. Throw any error for a failed transfer; a response with
/// any status code is not an error here. Honour task cancellation by throwing promptly.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, with the body in memory or, for downloads, on disk.
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// Sends `request` and returns as soon as the response head has arrived, with the body to be
    /// read chunk by chunk from ``TransportStream/body``.
    ///
    /// The default implementation calls ``send(_:)`` and hands the whole body over as one chunk, so
    /// a transport that cannot stream still serves streamed targets (without their latency).
    func stream(_ request: TransportRequest) async throws -> TransportStream

    /// Headers the transport adds to every request, such as `User-Agent`; shown by loggers.
    var sessionHeaders: [String: String] { get }
}

extension HTTPTransport {
    /// No session headers.
    public var sessionHeaders: [String: String] { [:] }

    /// Sends the request whole with ``send(_:)`` and streams its body as a single chunk.
    public func stream(_ request: TransportRequest) async throws -> TransportStream {
        let answer = try await send(request)
        let (body, writer) = ResponseBodyStream.makeStream()
        if !answer.data.isEmpty { writer.yield(answer.data) }
        writer.finish()
        return TransportStream(response: answer.response, body: body)
    }
}
