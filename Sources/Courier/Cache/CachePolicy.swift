/// How a target's requests use an ``HTTPCache``: the choice a target declares, like its
/// validation type.
///
/// Every policy but ``none`` stores what RFC 9111 lets a private cache store, and every policy
/// honours the request's own `Cache-Control` (`no-cache`, `no-store`, `max-age`, `only-if-cached`…):
/// they are the app's per-request word. The policies differ in when a stored answer is reused.
///
/// | policy | answers from the cache | goes to the network |
/// | --- | --- | --- |
/// | ``none`` | never | always, and stores nothing |
/// | ``httpSemantics`` | while fresh per the server's headers | when stale, conditionally if it can |
/// | ``alwaysRevalidate`` | after the server says `304 Not Modified` | every time, conditionally if it can |
/// | ``returnCacheElseLoad`` | whenever an answer is stored, however old | only when nothing is stored |
/// | ``returnCacheThenRefresh`` | whenever an answer is stored | in the background once it is stale |
/// | ``offlineFallback`` | as ``httpSemantics``, and stale when offline | as ``httpSemantics`` |
public struct CachePolicy: Sendable, Hashable, CustomStringConvertible {
    /// When a stored answer may be reused.
    enum Reuse: Sendable, Hashable {
        case never, httpSemantics, alwaysRevalidate, returnCacheElseLoad, returnCacheThenRefresh
    }

    /// When a stored answer may be reused.
    let reuse: Reuse
    /// Whether a connection failure is answered with a stored answer, however stale.
    let fallsBackWhenOffline: Bool

    /// No cache at all, the default: nothing is looked up or stored, exactly as before caching
    /// existed. Reason: a cache changes what an app sees, so it is something to opt in to.
    public static let none = CachePolicy(reuse: .never, fallsBackWhenOffline: false)

    /// A browser's behaviour (RFC 9111 with RFC 5861): reuse while fresh, revalidate with
    /// `If-None-Match`/`If-Modified-Since` when stale, answer stale while revalidating and on
    /// errors where the server allows it. Reason: the server knows best how long its answers last.
    public static let httpSemantics = CachePolicy(reuse: .httpSemantics, fallsBackWhenOffline: false)

    /// Ask the server every time, but conditionally, so an unchanged answer costs a `304` with no
    /// body. A fresh `immutable` answer is still reused. Reason: for data that must be current
    /// (balances, carts) yet is large, the stored body saves the transfer, never the check.
    public static let alwaysRevalidate = CachePolicy(reuse: .alwaysRevalidate, fallsBackWhenOffline: false)

    /// Use any stored answer, however old and whatever its `no-cache` or `must-revalidate` say;
    /// load only when nothing is stored (`URLRequest.CachePolicy.returnCacheDataElseLoad`).
    /// Reason: reference data that changes with app versions, not with time.
    public static let returnCacheElseLoad = CachePolicy(reuse: .returnCacheElseLoad, fallsBackWhenOffline: false)

    /// Answer at once with any stored answer; when it is stale, refresh it once in the background
    /// so the next request sees the new one (stale-while-revalidate with no time limit).
    /// Reason: feeds and lists that should appear instantly and catch up on their own.
    public static let returnCacheThenRefresh = CachePolicy(
        reuse: .returnCacheThenRefresh, fallsBackWhenOffline: false)

    /// ``httpSemantics``, and when the request gets no answer (offline, no route, timed out, or a
    /// connection the origin closed or reset before a whole head, or answered with something that is
    /// not HTTP), the stored answer however stale, unless the server said `must-revalidate`. Reason: showing
    /// what was loaded before beats an error screen; `must-revalidate` is the server saying it does not.
    public static let offlineFallback = CachePolicy(reuse: .httpSemantics, fallsBackWhenOffline: true)

    /// This policy, and a stored answer however stale when the request fails to connect, unless
    /// the server said `must-revalidate`: `.alwaysRevalidate.withOfflineFallback()`.
    public func withOfflineFallback() -> CachePolicy {
        reuse == .never ? self : CachePolicy(reuse: reuse, fallsBackWhenOffline: true)
    }

    /// Whether the cache is used at all (`false` only for ``none``).
    public var usesCache: Bool { reuse != .never }

    /// The policy's name, as it is written in code.
    public var description: String {
        let name: String
        switch reuse {
        case .never: name = "none"
        case .httpSemantics: name = fallsBackWhenOffline ? "offlineFallback" : "httpSemantics"
        case .alwaysRevalidate: name = "alwaysRevalidate"
        case .returnCacheElseLoad: name = "returnCacheElseLoad"
        case .returnCacheThenRefresh: name = "returnCacheThenRefresh"
        }
        let needsSuffix = fallsBackWhenOffline && reuse != .httpSemantics
        return "." + name + (needsSuffix ? ".withOfflineFallback()" : "")
    }
}
