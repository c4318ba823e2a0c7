import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ``RequestType`` the provider hands to `willSend`.
public struct OutgoingRequest: RequestType {
    /// The request as it will be sent.
    public let request: URLRequest?
    /// Headers the transport adds to every request.
    public let sessionHeaders: [String: String]

    /// Creates an outgoing request.
    /// - Parameters:
    ///   - request: The request as it will be sent.
    ///   - sessionHeaders: Headers the transport adds. Empty by default.
    public init(request: URLRequest?, sessionHeaders: [String: String] = [:]) {
        self.request = request
        self.sessionHeaders = sessionHeaders
    }
}
