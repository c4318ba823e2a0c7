import Foundation

/// What a transport returns: the HTTP response and its body, in memory or in a file.
public struct TransportResponse: Sendable {
    /// The HTTP response.
    public var response: HTTPURLResponse
    /// The body; empty for a download.
    public var data: Data
    /// Where a downloaded body was moved; `nil` unless the request had a destination.
    public var fileURL: URL?
    /// What the exchange cost, as the transport measured it; `nil` when it measured nothing. It
    /// becomes the response's ``Response/metrics``. Courier's transports keep their raw figures
    /// here and make this value only when it is read.
    public var metrics: TransferMetrics? {
        get { measured.metrics(origin: .network) }
        set { measured = newValue.map(MeasuredTransfer.reported) ?? .none }
    }
    /// What ``metrics`` is made from.
    var measured: MeasuredTransfer

    /// Creates a transport response.
    /// - Parameters:
    ///   - response: The HTTP response.
    ///   - data: The body. Empty by default.
    ///   - fileURL: Where a downloaded body is. `nil` by default.
    ///   - metrics: What the exchange cost. `nil` by default.
    public init(response: HTTPURLResponse, data: Data = Data(), fileURL: URL? = nil, metrics: TransferMetrics? = nil) {
        self.init(
            response: response, data: data, fileURL: fileURL, measured: metrics.map(MeasuredTransfer.reported) ?? .none)
    }

    /// Creates a transport response whose metrics are made when read.
    init(response: HTTPURLResponse, data: Data, fileURL: URL?, measured: MeasuredTransfer) {
        self.response = response
        self.data = data
        self.fileURL = fileURL
        self.measured = measured
    }
}
