#if os(Linux)
    import Dispatch

    /// Hands one transfer's progress reports to its listener away from the event loop's thread.
    ///
    /// The listener is the app's code (a progress bar, a log line), and the loop's thread drives
    /// every transfer of the transport: a listener that takes a second there would stall them all
    /// for a second. So the loop only records the latest report per direction, and a delivery on
    /// a global queue hands them over, one listener call at a time, in order, for as long as new
    /// ones come. A slow listener receives fewer, later reports (the latest when it is ready
    /// again); it never holds back a byte. Reports may reach the listener after the transfer has
    /// ended (the provider's `ProgressReporter` ignores those after its final event).
    final class CurlProgressRelay: Sendable {
        private struct State {
            var upload: TransferProgress?
            var download: TransferProgress?
            var isDelivering = false
        }

        private let listener: @Sendable (TransferProgress) -> Void
        private let state = LockedValue(State())

        init(_ listener: @escaping @Sendable (TransferProgress) -> Void) {
            self.listener = listener
        }

        /// Records `progress` and makes sure a delivery will hand it over. Never waits.
        func report(_ progress: TransferProgress) {
            let startsDelivery = state.withLock { state -> Bool in
                switch progress.direction {
                case .upload: state.upload = progress
                case .download: state.download = progress
                }
                defer { state.isDelivering = true }
                return !state.isDelivering
            }
            if startsDelivery {
                DispatchQueue.global().async { [self] in deliver() }
            }
        }

        /// Hands the waiting reports over, uploads first, until none is left.
        private func deliver() {
            while let next = takeNext() {
                listener(next)
            }
        }

        private func takeNext() -> TransferProgress? {
            state.withLock { state in
                if let upload = state.upload {
                    state.upload = nil
                    return upload
                }
                if let download = state.download {
                    state.download = nil
                    return download
                }
                state.isDelivering = false
                return nil
            }
        }
    }
#endif
