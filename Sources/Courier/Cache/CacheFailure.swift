import Foundation

/// A failed exchange that a stored answer may stand in for (RFC 5861 §4, ``CachePolicy/offlineFallback``).
package enum CacheFailure: Equatable, Sendable {
    /// The request never got an answer: no network, no route, the host unreachable or silent, the
    /// connection closed or reset before a whole head arrived, or an answer that is not HTTP.
    case connection
    /// The server answered with this status; only `500`, `502`, `503` and `504` count as errors
    /// for `stale-if-error`.
    case status(Int)

    /// The `URLError` codes that mean no usable answer came: the network failed, or the origin did
    /// (RFC 5861 §4 counts whatever would make a gateway answer `502` or `504`). Both transports
    /// report an empty reply (a connection closed without a status line), a head cut short and an
    /// answer that is not HTTP as `.badServerResponse`, and a reset as `.networkConnectionLost`.
    /// A TLS failure is not one of them (it may be an attack, which a stale answer would hide), nor
    /// is a cancellation, nor a body that is not its `Content-Encoding` (the server answered).
    static let connectionCodes: Set<URLError.Code> = [
        .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
        .dnsLookupFailed, .timedOut, .internationalRoamingOff, .dataNotAllowed, .callIsActive,
        .badServerResponse, .cannotParseResponse,
    ]

    /// The failure `error` is, when a transport threw it (directly or inside a ``CourierError``);
    /// `nil` for errors a stored answer must not hide.
    package init?(_ error: any Error) {
        if let courierError = error as? CourierError, case .underlying(let underlying, _) = courierError {
            self.init(underlying)
            return
        }
        guard let urlError = error as? URLError, Self.connectionCodes.contains(urlError.code) else { return nil }
        self = .connection
    }
}
