import Foundation

/// Where an ``HTTPCache`` reads the time: the wall clock by default, or a clock a test moves.
///
/// Freshness in HTTP is wall-clock time (`Date`, `Expires`, `Last-Modified` are dates), so the
/// cache asks for a `Date`. In tests, `CacheClock.manual(_:)` from CourierTesting turns a
/// `ManualClock` into one, so a single clock moves stub delays and freshness together.
public struct CacheClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that answers `now()` with whatever `now` returns. It may be called from any thread.
    public init(now: @escaping @Sendable () -> Date) {
        read = now
    }

    /// The system's wall clock, `Date()`.
    public static var system: CacheClock { CacheClock { Date() } }

    /// The current time.
    public func now() -> Date { read() }
}
