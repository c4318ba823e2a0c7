import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A step in the provider's request pipeline: logging, auth headers, activity indicators, retry.
///
/// Every method has a default that does nothing, so a plugin implements only what it needs.
/// The provider calls them for every attempt, in this order, for stubbed requests exactly as for
/// real ones:
///
/// 1. ``prepare(_:target:)`` on each plugin in array order (synchronous edits);
/// 2. ``adapt(_:target:)`` on each plugin in array order (asynchronous edits, may throw);
/// 3. ``willSend(_:target:)``, then the request is sent or stubbed and validated;
/// 4. ``didReceive(_:target:)``, then ``process(_:target:)`` in array order;
/// 5. ``retry(_:target:context:)``: the first plugin that asks for a retry starts the next attempt
///    at step 1; a ``RetryDecision/fail(_:)`` goes through ``process(_:target:)`` again, as the
///    outcome the caller gets.
///
/// `willSend` and `didReceive` are called exactly once per attempt, whatever happens, so a plugin
/// can pair them. When an attempt fails before it could be sent:
/// - `requestClosure` failed: no `prepare` or `adapt`; `willSend` gets a ``RequestType`` whose
///   `request` is `nil`, then `didReceive` and `process` get the failure; no retry;
/// - the body could not be prepared (an upload file that cannot be read, an empty multipart
///   body): no `prepare` or `adapt`; `willSend` gets the request as `requestClosure` made it, then
///   `didReceive` and `process` the failure; no retry;
/// - a plugin's `adapt` threw: the later plugins' `adapt` is skipped; `willSend` gets the request
///   as the earlier plugins left it, then `didReceive`, `process` and `retry` see the failure;
/// - the request was cancelled during an attempt: that attempt's `didReceive` and `process` get
///   ``CourierError/cancelled``; while it waited to retry: `process` gets it (the attempt before
///   already had its pair).
///
/// ``RequestContext/current`` tells every method which request and attempt it is looking at.
///
/// A plugin that never suspends should conform to ``SynchronousPlugin`` instead, so that a
/// provider can complete an immediate stub before the completion-handler `request` returns.
public protocol PluginType {
    /// Edits the request before it is sent. Runs again for each retry, on the request as the
    /// provider's `requestClosure` made it, so a header should be *set*, not appended.
    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest

    /// Edits the request asynchronously before it is sent, e.g. with a token that may need
    /// fetching. Throwing fails the request: a `CourierError` as it is, any other error wrapped
    /// in ``CourierError/underlying(_:_:)``.
    ///
    /// It runs in a task of its own, with the request's priority and task-local values
    /// (``RequestContext/current`` among them). Cancelling the request ends the wait for it at
    /// once with ``CourierError/cancelled`` and cancels that task, which `adapt` sees as any
    /// `async` code does; what it returns after that is dropped. So an `adapt` that awaits
    /// something that never looks at cancellation (a token refresh every request shares) does not
    /// hold a cancelled request up. With a Swift 6.2 or later compiler (on Apple platforms, from
    /// their 2025 releases), that task starts in the request's and runs there until `adapt` first
    /// suspends, so an `adapt` that answers at once costs no hop. The first time a provider awaits
    /// a plain plugin's `adapt`, it learns whether the plugin has one of its own (the protocol's
    /// default, which a plugin without one gets, is then never awaited again).
    func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest

    /// Called just before the request is sent or stubbed.
    func willSend(_ request: any RequestType, target: any TargetType)

    /// Called when an attempt has an outcome, before ``process(_:target:)``.
    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType)

    /// Transforms the outcome before the caller sees it: each attempt's, and the failure a
    /// ``RetryDecision/fail(_:)`` or a cancellation during a retry's wait ends the request with.
    func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<Response, CourierError>

    /// Decides whether a finished attempt is tried again.
    ///
    /// It runs in a task of its own, as ``adapt(_:target:)`` does: cancelling the request ends the
    /// wait for the decision at once, and the request with ``CourierError/cancelled``, through
    /// every ``process(_:target:)``.
    func retry(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) async -> RetryDecision
}

extension PluginType {
    /// Returns `request` unchanged.
    public func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest { request }

    /// Returns `request` unchanged. A provider learns that a plugin has no `adapt` of its own and
    /// stops awaiting it.
    public func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        DefaultStepProbe.noteDefault(of: self)
        return request
    }

    /// Does nothing.
    public func willSend(_ request: any RequestType, target: any TargetType) {}

    /// Does nothing.
    public func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {}

    /// Returns `result` unchanged.
    public func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<
        Response, CourierError
    > { result }

    /// Never retries. A provider learns that a plugin has no `retry` of its own and stops
    /// awaiting it.
    public func retry(
        _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
    ) async -> RetryDecision {
        DefaultStepProbe.noteDefault(of: self)
        return .doNotRetry
    }
}
