import Foundation

/// How old a stored response is and how long it stays fresh (RFC 9111 §4.2), in seconds.
///
/// Numbers from the server are read saturated (``CacheControl/saturatedSeconds``) and every sum is
/// done in `Double`, so no value a server sends can overflow or trap.
struct Freshness: Equatable, Sendable {
    /// `current_age` (§4.2.3).
    let age: TimeInterval
    /// `freshness_lifetime` (§4.2.1), explicit or heuristic.
    let lifetime: TimeInterval

    /// Whether the response is fresh: its lifetime is longer than its age (§4.2).
    var isFresh: Bool { lifetime > age }
    /// How long it has been stale; `0` while fresh.
    var staleness: TimeInterval { max(0, age - lifetime) }
    /// How long it stays fresh; negative once stale.
    var remaining: TimeInterval { lifetime - age }

    /// Status codes whose responses may be given a heuristic lifetime (RFC 9110 §15.1).
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The freshness of `head` at `now`.
    /// - Parameters:
    ///   - head: The stored response.
    ///   - control: Its `Cache-Control`.
    ///   - now: The cache's current time.
    ///   - heuristicCap: The longest heuristic lifetime (§4.2.2 leaves the cap to the cache).
    init(of head: CacheEntry.Head, control: CacheControl, now: Date, heuristicCap: TimeInterval) {
        self.age = Self.currentAge(of: head, now: now)
        self.lifetime = Self.lifetime(of: head, control: control, heuristicCap: heuristicCap)
    }

    /// Freshness from its two numbers.
    init(age: TimeInterval, lifetime: TimeInterval) {
        self.age = age
        self.lifetime = lifetime
    }

    /// §4.2.3: the age the response had on arrival (the larger of what its `Date` shows and what its
    /// `Age` says plus the round trip), plus the time it has been stored.
    static func currentAge(of head: CacheEntry.Head, now: Date) -> TimeInterval {
        let responseTime = head.responseTime.timeIntervalSince1970
        let dateValue = head.facts.date?.timeIntervalSince1970 ?? responseTime
        let apparentAge = max(0, responseTime - dateValue)
        let responseDelay = max(0, responseTime - head.requestTime.timeIntervalSince1970)
        let correctedAgeValue = TimeInterval(head.facts.age) + responseDelay
        let correctedInitialAge = max(apparentAge, correctedAgeValue)
        let residentTime = max(0, now.timeIntervalSince1970 - responseTime)
        return correctedInitialAge + residentTime
    }

    /// §4.2.1: `max-age` (`s-maxage` is for shared caches), else `Expires` minus `Date`, else the
    /// heuristic; `0` when none applies. An `Expires` that is not a date means already expired (§5.3).
    static func lifetime(of head: CacheEntry.Head, control: CacheControl, heuristicCap: TimeInterval)
        -> TimeInterval
    {
        if let maxAge = control.maxAge { return TimeInterval(maxAge) }
        let date = head.facts.date ?? head.responseTime
        switch head.facts.expiry {
        case .invalid: return 0
        case .at(let expiry): return max(0, expiry.timeIntervalSince(date))
        case .absent: break
        }
        guard heuristicallyCacheable.contains(head.statusCode) || control.isPublic,
            let lastModified = head.facts.lastModified
        else { return 0 }
        // §4.2.2: a tenth of the time since the last modification, as the RFC suggests, capped.
        return min(max(0, date.timeIntervalSince(lastModified)) / 10, max(0, heuristicCap))
    }

    /// The `Age` field's first member (§5.1), saturated; `0` when absent or invalid.
    static func ageValue(_ field: String?) -> Int {
        guard let first = field?.split(separator: ",", omittingEmptySubsequences: false).first else { return 0 }
        return CacheControl.deltaSeconds(String(first.trimmingSpaces())) ?? 0
    }
}
