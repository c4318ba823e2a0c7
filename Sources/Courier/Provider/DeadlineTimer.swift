/// One timer for the total limits of every request in the process.
///
/// A `Task.sleep` per request would not do: a cancelled sleep stays queued until its deadline, so
/// 300-second limits on requests that end in milliseconds would pile up (about 1.7 KB each,
/// measured). Here deadlines wait in 100 ms buckets and a single task sleeps until the earliest,
/// for one second at most, so that a deadline added earlier than the one it sleeps for never
/// leaves a long sleep behind. A limit fires at most 100 ms late, never early.
final class DeadlineTimer: Sendable {
    typealias Fire = @Sendable () -> Void

    /// A scheduled deadline, to cancel once the work is done.
    struct Registration: Sendable {
        fileprivate let bucket: Int64
        fileprivate let id: UInt64
    }

    /// The timer every provider shares.
    static let shared = DeadlineTimer()

    private struct State {
        var buckets: [Int64: [UInt64: Fire]] = [:]
        var lastID: UInt64 = 0
        /// Which driver task is current; an older one ends when it wakes.
        var generation: UInt64 = 0
        var driver: Task<Void, Never>?
        /// When the current driver wakes next.
        var driverWakes: Int64?
    }

    private static let bucketMilliseconds: Int64 = 100
    private static let longestSleepBuckets: Int64 = 10
    private let origin = ContinuousClock.now
    private let state = LockedValue(State())

    /// Calls `fire` once `seconds` have passed, unless cancelled first.
    func schedule(after seconds: Double, _ fire: @escaping Fire) -> Registration {
        schedule(at: ContinuousClock.now.advanced(by: .saturating(seconds: seconds)), fire)
    }

    /// Calls `fire` once `deadline` has passed, unless cancelled first.
    func schedule(at deadline: ContinuousClock.Instant, _ fire: @escaping Fire) -> Registration {
        let due = bucket(containing: deadline, roundingUp: true)
        let (registration, stale) = state.withLock { state -> (Registration, Task<Void, Never>?) in
            state.lastID += 1
            state.buckets[due, default: [:]][state.lastID] = fire
            let registration = Registration(bucket: due, id: state.lastID)
            if let wakes = state.driverWakes, wakes <= due { return (registration, nil) }
            state.generation += 1
            let stale = state.driver
            state.driverWakes = due
            state.driver = Task.detached { [generation = state.generation] in await self.drive(generation) }
            return (registration, stale)
        }
        stale?.cancel()
        return registration
    }

    /// Forgets `registration`, so that its `fire` is not called.
    /// - Returns: `false` when it was too late: `fire` has been or is being called.
    @discardableResult
    func cancel(_ registration: Registration) -> Bool {
        state.withLock { state in
            guard state.buckets[registration.bucket]?.removeValue(forKey: registration.id) != nil else { return false }
            if state.buckets[registration.bucket]?.isEmpty == true { state.buckets[registration.bucket] = nil }
            return true
        }
    }

    /// Fires what is due, then sleeps until the earliest deadline or for a second, until nothing
    /// is left or a newer driver has taken over.
    private func drive(_ generation: UInt64) async {
        while !Task.isCancelled {
            let now = bucket(containing: .now, roundingUp: false)
            let (due, wake) = state.withLock { state -> ([Fire], Int64?) in
                guard state.generation == generation else { return ([], nil) }
                var due: [Fire] = []
                for key in state.buckets.keys.filter({ $0 <= now }) {
                    if let fires = state.buckets.removeValue(forKey: key) { due += fires.values }
                }
                guard let earliest = state.buckets.keys.min() else {
                    (state.driver, state.driverWakes) = (nil, nil)
                    return (due, nil)
                }
                state.driverWakes = min(earliest, now + Self.longestSleepBuckets)
                return (due, state.driverWakes)
            }
            for fire in due {
                fire()
            }
            guard let wake else { return }
            try? await Task.sleep(until: instant(of: wake), clock: .continuous)
        }
    }

    /// The bucket an instant falls in, or the first bucket after it.
    private func bucket(containing instant: ContinuousClock.Instant, roundingUp: Bool) -> Int64 {
        let (seconds, attoseconds) = origin.duration(to: instant).components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let whole = milliseconds / Self.bucketMilliseconds
        return roundingUp && milliseconds % Self.bucketMilliseconds != 0 ? whole + 1 : whole
    }

    private func instant(of bucket: Int64) -> ContinuousClock.Instant {
        origin.advanced(by: .milliseconds(bucket * Self.bucketMilliseconds))
    }
}
