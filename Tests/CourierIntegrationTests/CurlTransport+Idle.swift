#if os(Linux)
    import Courier

    extension CurlTransport {
        /// Whether the transport has no transfer left within `seconds` (its event loop counts them
        /// once per round, so a transfer that just ended may still be counted for a moment).
        func becomesIdle(within seconds: Double = 3) async -> Bool {
            let end = ContinuousClock.now + .seconds(seconds)
            while activeTransferCount != 0, ContinuousClock.now < end {
                try? await Task.sleep(for: .milliseconds(10))
            }
            return activeTransferCount == 0
        }
    }
#endif
