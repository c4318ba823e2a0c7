import Courier

/// A clock whose time moves only when a test moves it: delayed stubs (``StubDelays/manual(_:)``)
/// and your own code that sleeps on it wait until ``advance(by:)`` passes their deadline.
///
/// ```swift
/// let clock = ManualClock()
/// let stubs = Stubs<GitHub>(delays: .manual(clock)).on(.zen, .string("Later.").delayed(seconds: 5))
/// let provider = Provider(stubs: stubs)
/// async let zen = provider.request(.zen)
/// await clock.waitForSleepers(1)      // the request is waiting for its delay
/// clock.advance(by: .seconds(5))      // no real time passes
/// let response = try await zen
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point in the clock's time: how far the clock had been advanced.
    public struct Instant: InstantProtocol, Sendable, Hashable {
        /// The time since the clock was created, in its own time.
        public let offset: Duration

        /// Creates an instant at `offset` from the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` is earlier than `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var waiters: [Int: (count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]

        mutating func newID() -> Int {
            nextID += 1
            return nextID
        }

        /// Removes and returns the waiters that now see enough sleepers.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let ready = waiters.filter { $0.value.count <= sleepers.count }
            for id in ready.keys { waiters[id] = nil }
            return ready.values.map(\.continuation)
        }
    }

    private let state = LockedValue(State())

    /// Creates a clock at its start, with nothing sleeping.
    public init() {}

    /// The current time: the start plus everything ``advance(by:)`` added.
    public var now: Instant { state.withLock { $0.now } }

    /// `.zero`: the clock moves only in the steps a test makes.
    public var minimumResolution: Duration { .zero }

    /// How many sleeps are waiting for the clock to move.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until the clock reaches `deadline`; returns at once if it has.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { $0.newID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                enqueue(id, until: deadline, continuation)
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    private func enqueue(_ id: Int, until deadline: Instant, _ continuation: CheckedContinuation<Void, any Error>) {
        enum Start {
            case cancelled, due
            case sleeping([CheckedContinuation<Void, Never>])
        }
        // Task.cancel() sets the flag before its handler runs, so checking it under the lock
        // means a cancellation is never lost between the two.
        let start = state.withLock { state -> Start in
            if Task.isCancelled { return .cancelled }
            if deadline <= state.now { return .due }
            state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
            return .sleeping(state.satisfiedWaiters())
        }
        switch start {
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .due: continuation.resume()
        case .sleeping(let waiters):
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Moves the clock forward by `duration` and wakes every sleep whose deadline it reaches,
    /// earliest deadline first.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }

    /// Returns once at least `count` sleeps are waiting on the clock (or the task is cancelled):
    /// call it before ``advance(by:)`` to be sure the code under test has started its wait.
    public func waitForSleepers(_ count: Int = 1) async {
        let id = state.withLock { $0.newID() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Bool in
                    if Task.isCancelled || state.sleepers.count >= count { return true }
                    state.waiters[id] = (count, continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.continuation.resume()
        }
    }
}
