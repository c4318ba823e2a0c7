import Foundation

/// What a transport returns for a streamed request: the response head, and the body still arriving.
public struct TransportStream: Sendable {
    /// The HTTP response: status code and headers.
    public var response: HTTPURLResponse
    /// The body, chunk by chunk as it arrives. Dropping it, or leaving its loop, stops the transfer.
    public var body: ResponseBodyStream

    /// Creates a streamed response.
    /// - Parameters:
    ///   - response: The response head.
    ///   - body: The body still to be read.
    public init(response: HTTPURLResponse, body: ResponseBodyStream) {
        self.response = response
        self.body = body
    }
}
