import Courier
import Foundation

extension CacheClock {
    /// A cache clock that reads `clock`: `start` plus however far the test advanced it, so one
    /// `ManualClock` moves stub delays and an ``HTTPCache``'s freshness together.
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// let cache = HTTPCache(configuration: .init(clock: .manual(clock)))
    /// clock.advance(by: .seconds(61))     // a `max-age=60` answer is now stale
    /// ```
    /// - Parameters:
    ///   - clock: The test's clock.
    ///   - start: The wall-clock time at the clock's start. 14 November 2023, 22:13:20 UTC by default.
    public static func manual(_ clock: ManualClock, start: Date = Date(timeIntervalSince1970: 1_700_000_000))
        -> CacheClock
    {
        CacheClock {
            let elapsed = clock.now.offset.components
            return start.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        }
    }
}
