// Swift 6 error: "is not concurrency-safe". Providers kept in a `static var` or a global `var` (a
// cache of one per API, say) are shared mutable state, with Moya's providers as with Courier's:
// keep them in a `let` of a Sendable type, or behind a lock.
import Courier

enum Providers {
    static var cache: [String: Any] = [:]
}
