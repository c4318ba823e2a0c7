import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``SynchronousPlugin`` that must be awaited for a target only at some moments, and can tell
/// at each step, without suspending, whether this is one: a token plugin whose token is usually at
/// hand and must be waited for only while it is refreshed, and whose `retry` waits only to refresh
/// after a 401.
///
/// For a target the plugin ``SynchronousPlugin/suspends(for:)`` for, the chain asks these first
/// and awaits the asynchronous step only when they answer `nil`. So a request whose steps can be
/// answered at once never starts a task for them, on any platform. Built-in plugins only.
package protocol StepwiseSuspendingPlugin: SynchronousPlugin {
    /// `adapt`'s answer without suspending, or `nil` when `adapt` must be awaited. Throwing fails
    /// the request as `adapt` does.
    func adaptAtOnce(_ request: URLRequest, target: any TargetType) throws -> URLRequest?

    /// `retry`'s decision without suspending, or `nil` when `retry` must be awaited.
    func retryAtOnce(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) -> RetryDecision?
}
