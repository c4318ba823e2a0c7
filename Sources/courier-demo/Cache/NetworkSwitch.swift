import Courier
import Foundation

/// A transport that can be switched off, to show what a cache answers offline: while off, every
/// request fails as it does without a network, `URLError(.notConnectedToInternet)`.
final class NetworkSwitch: HTTPTransport {
    private let wrapped: any HTTPTransport
    private let offline = LockedValue(false)

    init(_ wrapped: any HTTPTransport) {
        self.wrapped = wrapped
    }

    /// Whether the network is switched off.
    var isOffline: Bool {
        get { offline.withLock { $0 } }
        set { offline.withLock { $0 = newValue } }
    }

    var sessionHeaders: [String: String] { wrapped.sessionHeaders }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        if isOffline { throw URLError(.notConnectedToInternet) }
        return try await wrapped.send(request)
    }
}
