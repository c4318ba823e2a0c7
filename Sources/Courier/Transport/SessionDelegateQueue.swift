import Foundation

/// The queue ``SessionDelegate``'s callbacks run on.
enum SessionDelegateQueue {
    /// `nil` on Apple platforms: URLSession makes its own serial queue. On Linux, a queue that runs
    /// each callback at once, on the thread that hands it over (see ``InlineOperationQueue``).
    static func make() -> OperationQueue? {
        #if canImport(FoundationNetworking)
            InlineOperationQueue()
        #else
            nil
        #endif
    }
}

#if canImport(FoundationNetworking)
    /// An operation queue that runs the blocks it is given at once, on the calling thread.
    ///
    /// FoundationNetworking (swift-corelibs-foundation up to 6.3.1 at least) hands every delegate
    /// callback to the session's `delegateQueue` with `addOperation(_:)`, from the thread that
    /// drives libcurl, and never waits for it: a queue that falls behind holds the body in its
    /// backlog. On loopback it always falls behind. Measured with a plain serial queue: a 1 GiB
    /// body received through a data delegate peaked at 105–219 MiB, and a delegate that cancelled
    /// the task past 16 MiB saw the whole 1 GiB queued first (1.1 GiB resident). Run here instead,
    /// each callback finishes before libcurl reads on (the same 1 GiB peaked at 39–42 MiB, and the
    /// 16 MiB limit held memory flat), as FoundationNetworking's own async methods arrange for
    /// their completion handlers.
    ///
    /// The price: callbacks run on FoundationNetworking's work queue, so ``SessionDelegate`` must
    /// never wait there. Anything that calls back into the session (`cancel()`, `suspend()`,
    /// `resume()`, a challenge's completion handler) goes through ``TaskCanceller``.
    final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
        // @unchecked Sendable: the subclass adds no state; OperationQueue is itself Sendable.

        override init() {
            super.init()
            name = "Courier.URLSessionTransport.delegate"
            maxConcurrentOperationCount = 1
        }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }
    }
#endif
