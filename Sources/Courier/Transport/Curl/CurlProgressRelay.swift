#if os(Linux)
    import Dispatch

    /// Hands one transfer's progress reports to its listener away from the event loop's thread.
    ///
    /// The listener is the app's code (a progress bar, a log line), and the loop's thread drives
    /// every transfer of the transport: a listener that takes a second there would stall them all
    /// for a second. So the loop only queues the report, and a delivery on a global queue hands
    /// the queued reports over, one listener call at a time, in order. At most ``queueLimit``
    /// reports wait: past that, a new report replaces the last one waiting for its direction, so a
    /// slow listener gets fewer, later reports and memory stays bounded; it never holds back a
    /// byte of any transfer. Every report reaches the listener before the transfer's caller hears
    /// how it ended (``afterDelivering(_:)``): a slow listener delays its own transfer's answer,
    /// no other.
    final class CurlProgressRelay: Sendable {
        /// The most reports waiting for the listener: 64.
        static let queueLimit = 64

        private struct State {
            var waiting: [TransferProgress] = []
            var isDelivering = false
            /// Runs once the waiting reports are delivered.
            var then: (@Sendable () -> Void)?
        }

        private let listener: @Sendable (TransferProgress) -> Void
        private let state = LockedValue(State())

        init(_ listener: @escaping @Sendable (TransferProgress) -> Void) {
            self.listener = listener
        }

        /// Queues `progress` and makes sure a delivery will hand it over. Never waits.
        func report(_ progress: TransferProgress) {
            let startsDelivery = state.withLock { state -> Bool in
                if state.waiting.count >= Self.queueLimit,
                    let last = state.waiting.lastIndex(where: { $0.direction == progress.direction })
                {
                    state.waiting[last] = progress
                } else {
                    state.waiting.append(progress)
                }
                defer { state.isDelivering = true }
                return !state.isDelivering
            }
            if startsDelivery {
                DispatchQueue.global().async { [self] in deliver() }
            }
        }

        /// Runs `action` once every report queued so far has reached the listener: at once when
        /// none waits, else on the delivery's queue after the last.
        func afterDelivering(_ action: @escaping @Sendable () -> Void) {
            let runsNow = state.withLock { state -> Bool in
                guard state.isDelivering else { return true }
                state.then = action
                return false
            }
            if runsNow { action() }
        }

        /// Hands the waiting reports over, oldest first, until none is left; then runs the action
        /// of ``afterDelivering(_:)``, if any.
        private func deliver() {
            while true {
                let (next, then) = state.withLock { state -> (TransferProgress?, (@Sendable () -> Void)?) in
                    guard state.waiting.isEmpty else { return (state.waiting.removeFirst(), nil) }
                    state.isDelivering = false
                    defer { state.then = nil }
                    return (nil, state.then)
                }
                guard let next else {
                    then?()
                    return
                }
                listener(next)
            }
        }
    }
#endif
