/// Where a ``Response`` came from: the network, a stub, or the provider's ``HTTPCache``.
public enum ResponseOrigin: Sendable, Hashable, CustomStringConvertible {
    /// Sent and answered over the transport.
    case network
    /// Answered by a stub (`stubClosure`, `Stubs`), without the transport.
    case stub
    /// Answered from the cache without asking the server: fresh, or stale where the request, the
    /// policy or `stale-while-revalidate` allowed it.
    case cache
    /// Answered from the cache after the server said `304 Not Modified` to a conditional request.
    case revalidated
    /// Answered from the cache, stale, because the server could not be reached or failed
    /// (`stale-if-error`, or a target's offline fallback).
    case staleAfterError

    /// `network`, `stub`, `cache`, `revalidated` or `stale after error`.
    public var description: String {
        switch self {
        case .network: "network"
        case .stub: "stub"
        case .cache: "cache"
        case .revalidated: "revalidated"
        case .staleAfterError: "stale after error"
        }
    }

    /// Whether the body came from the cache.
    public var isFromCache: Bool {
        switch self {
        case .cache, .revalidated, .staleAfterError: true
        case .network, .stub: false
        }
    }
}
