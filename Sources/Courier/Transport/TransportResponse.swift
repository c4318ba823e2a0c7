import Foundation

/// What a transport returns: the HTTP response and its body, in memory or in a file.
public struct TransportResponse: Sendable {
    /// The HTTP response.
    public var response: HTTPURLResponse
    /// The body; empty for a download.
    public var data: Data
    /// Where a downloaded body was moved; `nil` unless the request had a destination.
    public var fileURL: URL?

    /// Creates a transport response.
    /// - Parameters:
    ///   - response: The HTTP response.
    ///   - data: The body. Empty by default.
    ///   - fileURL: Where a downloaded body is. `nil` by default.
    public init(response: HTTPURLResponse, data: Data = Data(), fileURL: URL? = nil) {
        self.response = response
        self.data = data
        self.fileURL = fileURL
    }
}
