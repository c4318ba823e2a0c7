/// An instant of `ContinuousClock`, kept as its distance from a fixed instant of the process.
///
/// `ContinuousClock.Instant` is not frozen, so a struct that stores one has a size known only at
/// run time, and so does every value that holds such a struct: each is copied through type
/// metadata, and in an `async` function kept in memory the task allocates as it runs. `Duration`
/// is frozen, and so this is a plain 16-byte value. The pipeline's contexts and the WebSocket
/// channel's timers keep their instants this way.
struct FixedInstant: Comparable, Hashable, Sendable {
    /// The distance from ``origin``; negative for an instant before it.
    private let sinceOrigin: Duration

    /// The instant every other is counted from: the first one read.
    private static let origin = ContinuousClock.now

    /// The current instant.
    static var now: FixedInstant { FixedInstant(ContinuousClock.now) }

    /// `instant`, kept.
    init(_ instant: ContinuousClock.Instant) {
        sinceOrigin = instant - Self.origin
    }

    private init(sinceOrigin: Duration) {
        self.sinceOrigin = sinceOrigin
    }

    /// The instant as the clock gives it.
    var instant: ContinuousClock.Instant { Self.origin.advanced(by: sinceOrigin) }

    /// The instant `duration` after `instant`.
    static func + (instant: FixedInstant, duration: Duration) -> FixedInstant {
        FixedInstant(sinceOrigin: instant.sinceOrigin + duration)
    }

    /// The time from `earlier` to `later`; negative when `later` is before `earlier`.
    static func - (later: FixedInstant, earlier: FixedInstant) -> Duration {
        later.sinceOrigin - earlier.sinceOrigin
    }

    /// Whether `lhs` comes before `rhs`.
    static func < (lhs: FixedInstant, rhs: FixedInstant) -> Bool {
        lhs.sinceOrigin < rhs.sinceOrigin
    }
}
