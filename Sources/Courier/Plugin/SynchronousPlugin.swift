import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A plugin whose `adapt` and `retry` steps answer without suspending.
///
/// The provider runs a request on the caller's thread, without starting a task, when nothing in
/// it can suspend: an immediate stub, a `requestClosure` that answers at once and plugins that
/// are all `SynchronousPlugin`s. That is how an immediate stub completes before the
/// completion-handler `request` returns, on every OS. A plugin that conforms only to
/// ``PluginType`` may suspend in `adapt` or `retry`, so a provider that has one always runs its
/// requests in a task.
///
/// Conform when your plugin never waits: implement ``adaptSynchronously(_:target:)`` and
/// ``retrySynchronously(_:target:context:)`` if it needs those steps, and the other
/// ``PluginType`` methods as usual. A logger, a header plugin or an activity indicator needs
/// nothing more than the conformance:
///
/// ```swift
/// struct APIKeyPlugin: SynchronousPlugin {
///     let key: String
///
///     func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
///         var request = request
///         request.setValue(key, forHTTPHeaderField: "X-API-Key")
///         return request
///     }
/// }
/// ```
///
/// The provider calls ``adaptSynchronously(_:target:)`` and ``retrySynchronously(_:target:context:)``
/// of a synchronous plugin, on every path, unless ``suspends(for:)`` says that the plugin must be
/// awaited for a target; then it awaits `adapt(_:target:)` and `retry(_:target:context:)`, each in
/// a task of its own (with the request's priority and task-local values): cancelling the request
/// ends that wait at once with ``CourierError/cancelled`` and cancels the task, whose answer is
/// then dropped. So a plugin that awaits something that never looks at cancellation, such as a
/// token refresh that every request shares, never holds a cancelled request up.
/// Implement the synchronous methods, not the asynchronous ones: by default the asynchronous ones
/// call them.
public protocol SynchronousPlugin: PluginType {
    /// Edits the request before it is sent, like ``PluginType/adapt(_:target:)``, without
    /// suspending. Throwing fails the request as `adapt` does. Returns `request` unchanged by
    /// default.
    func adaptSynchronously(_ request: URLRequest, target: any TargetType) throws -> URLRequest

    /// Decides whether a finished attempt is tried again, like
    /// ``PluginType/retry(_:target:context:)``, without suspending. Never retries by default.
    func retrySynchronously(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) -> RetryDecision

    /// Whether this plugin must be awaited for requests to `target`, in its asynchronous `adapt`
    /// and `retry`, instead of being asked synchronously. For a plugin that waits only sometimes,
    /// such as one that fetches a token for some targets. `false` by default.
    func suspends(for target: any TargetType) -> Bool
}

extension SynchronousPlugin {
    /// Returns `request` unchanged.
    public func adaptSynchronously(_ request: URLRequest, target: any TargetType) throws -> URLRequest { request }

    /// Never retries.
    public func retrySynchronously(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) -> RetryDecision { .doNotRetry }

    /// Never: the plugin is always asked synchronously.
    public func suspends(for target: any TargetType) -> Bool { false }

    /// Calls ``adaptSynchronously(_:target:)``.
    public func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        try adaptSynchronously(request, target: target)
    }

    /// Calls ``retrySynchronously(_:target:context:)``.
    public func retry(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) async -> RetryDecision {
        retrySynchronously(result, target: target, context: context)
    }
}
