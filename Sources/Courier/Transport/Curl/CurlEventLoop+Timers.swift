#if os(Linux)
    /// The transfers' idle and resource timeouts, on the loop's thread: ended as they run out, and
    /// how long the loop may wait in curl_multi_poll until the next may.
    extension CurlEventLoop {
        /// Keeps ``earliestDeadline`` a lower bound after `transfer`'s deadline may have moved earlier.
        func noteDeadline(of transfer: CurlTransfer) {
            if let deadline = transfer.deadline { earliestDeadline = min(earliestDeadline, deadline) }
        }

        /// Ends transfers whose idle or resource timeout has run out; returns how long the loop may
        /// wait, in ms. Looks at the transfers only once ``earliestDeadline`` has passed.
        func expireTimers() -> Int32 {
            let now = CurlClock.coarseNow()
            if now < earliestDeadline { return Self.wait(from: now, until: earliestDeadline) }
            var nearest = UInt64.max
            var expired: [CurlTransfer] = []
            for transfer in active.values {
                guard let deadline = transfer.deadline else { continue }
                if deadline <= now {
                    expired.append(transfer)
                } else {
                    nearest = min(nearest, deadline)
                }
            }
            earliestDeadline = nearest
            for transfer in expired {
                finish(transfer, .failure(transfer.timeoutError(at: now)))
            }
            return Self.wait(from: now, until: nearest)
        }

        /// How long curl_multi_poll may wait, in ms, for nothing to time out before `deadline`: at
        /// most 30 s, and a millisecond past the deadline so that it has passed on waking.
        private static func wait(from now: UInt64, until deadline: UInt64) -> Int32 {
            guard deadline != .max else { return 30_000 }
            return Int32(min((deadline - now) / 1_000_000 + 1, 30_000))
        }
    }
#endif
