import Foundation

/// What one transfer does with the callbacks of its task. ``SessionDelegate`` hands each task's
/// callbacks to the handler registered for it, and forgets the handler when the task completes.
///
/// On Linux the callbacks run on FoundationNetworking's work queue (see ``SessionDelegateQueue``):
/// a handler must never wait there, and cancels its task through ``TaskCanceller``.
protocol TaskHandler: AnyObject, Sendable {
    /// What the transfer returns to its caller.
    associatedtype Value: Sendable

    /// The caller's wait.
    var run: TaskRun<Value> { get }

    /// Where progress goes.
    var meter: TransferMeter { get }

    /// Where the task's metrics go, or `nil` when its transfer reports none (a stream).
    var metricsRecorder: TaskMetricsRecorder? { get }

    /// The response head arrived. Returns `false` to refuse the body; the task is then cancelled.
    func task(_ task: URLSessionTask, didReceive response: URLResponse) -> Bool

    /// The next piece of the body arrived.
    func task(_ task: URLSessionTask, didReceive data: Data)

    /// The task ended, with `error` when it failed or was cancelled.
    func task(_ task: URLSessionTask, didCompleteWith error: (any Error)?)
}

extension TaskHandler {
    /// `sent` bytes of the request body have gone out, of `expected` (0 or less when unknown).
    func task(_ task: URLSessionTask, didSend sent: Int64, of expected: Int64) {
        meter.sent(sent, of: expected)
    }

    /// The server answered with an authentication challenge that the delegate declined; its `401`
    /// is `response`, and the task will end as cancelled.
    func task(_ task: URLSessionTask, didDecline response: HTTPURLResponse) {
        run.decline(response)
    }
}
