import Dispatch
import Foundation

/// Cancels `URLSessionTask`s on a serial queue of its own, never on the caller's thread.
///
/// `URLSessionTask.cancel()` waits for FoundationNetworking's work queue (`DispatchQueue.sync`).
/// Called inside a task-cancellation handler, that wait can deadlock: the handler runs while
/// Swift's runtime holds the cancelled task's status lock, and the work queue may at the same
/// moment be resuming a continuation of that task, which needs the lock (issue 13: 500 requests
/// cancelled at random, none ended). On Linux the delegate's callbacks also run on that work
/// queue (see ``SessionDelegateQueue``), where a synchronous `cancel()` would wait for itself.
/// Every cancel in the transport goes through here.
enum TaskCanceller {
    private static let queue = DispatchQueue(label: "Courier.URLSessionTransport.cancel")

    /// Cancels `task` soon, on the canceller's queue.
    static func cancel(_ task: URLSessionTask) {
        queue.async { task.cancel() }
    }

    /// Runs `action` soon, on the canceller's queue: for calls that may cancel a task, such as
    /// the completion handler of a declined authentication challenge.
    static func run(_ action: @escaping @Sendable () -> Void) {
        queue.async(execute: action)
    }
}
