import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider's plugins, called in array order at each step of an attempt. Every loop over the
/// plugins is written here, once, for the synchronous and the asynchronous path alike.
///
/// The plugins belong to the code that made the provider: every step runs on the isolation of the
/// request it serves (see ``CallerIsolated``). A plugin's `async` steps run where its own
/// isolation says, and are awaited one at a time.
struct PluginChain {
    typealias Outcome = Result<Response, CourierError>

    let plugins: [any PluginType]
    /// Each plugin as a ``SynchronousPlugin``, where it is one.
    private let synchronous: [(any SynchronousPlugin)?]
    /// Whether every plugin is a ``SynchronousPlugin``.
    private let allSynchronous: Bool
    /// Which of the other plugins have an `adapt` or a `retry` of their own.
    let ownSteps: PluginOwnSteps

    init(_ plugins: [any PluginType]) {
        self.plugins = plugins
        synchronous = plugins.map { $0 as? any SynchronousPlugin }
        allSynchronous = synchronous.allSatisfy { $0 != nil }
        ownSteps = PluginOwnSteps(count: plugins.count)
    }

    /// Whether no plugin has to be awaited for requests to `target`.
    func runsSynchronously(for target: any TargetType) -> Bool {
        allSynchronous && synchronous.allSatisfy { $0?.suspends(for: target) == false }
    }

    /// How a plugin's `adapt` or `retry` is asked for one attempt.
    private enum Asking {
        /// A synchronous plugin that need not be awaited for the target.
        case synchronously(any SynchronousPlugin)
        /// The protocol's default step: nothing to ask.
        case skipped
        /// A step to await in a task of its own (see ``adaptPromptly(_:_:at:probe:isolation:)``),
        /// with a probe when it is a plain plugin's step not known yet: the probe tells whether it
        /// was the protocol's default, which is then never awaited again.
        case awaited(probe: DefaultStepProbe?)
    }

    /// How the `step` of the plugin at `index` is asked for requests to `target`.
    private func asking(_ step: PluginOwnSteps.Step, at index: Int, target: any TargetType) -> Asking {
        if let synchronous = synchronous[index] {
            return synchronous.suspends(for: target) ? .awaited(probe: nil) : .synchronously(synchronous)
        }
        switch ownSteps.kind(of: step, at: index) {
        case .protocolDefault: return .skipped
        case .own: return .awaited(probe: nil)
        case .unknown: return .awaited(probe: DefaultStepProbe(plugins[index]))
        }
    }

    /// Step 1: every `prepare`.
    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        var request = request
        for plugin in plugins {
            request = plugin.prepare(request, target: target)
        }
        return request
    }

    /// Step 2: every `adapt`, synchronous plugins asked synchronously unless they must be awaited,
    /// other plugins' defaults skipped once known (see ``PluginOwnSteps``). Returns the request so
    /// far, and the failure when a plugin threw.
    func adapt(_ request: URLRequest, target: any TargetType, isolation: isolated (any Actor)?) async -> (
        URLRequest, CourierError?
    ) {
        var request = request
        do {
            for (index, plugin) in plugins.enumerated() {
                let call = CallerIsolated((plugin, target))
                switch asking(.adapt, at: index, target: target) {
                case .synchronously(let synchronous):
                    request = try synchronous.adaptSynchronously(request, target: target)
                case .skipped:
                    continue
                case .awaited(let probe):
                    request = try await adaptPromptly(call, request, at: index, probe: probe, isolation: isolation)
                }
            }
            return (request, nil)
        } catch {
            return (request, Self.adaptFailure(error))
        }
    }

    /// Step 2 without suspending; only when ``runsSynchronously(for:)``.
    func adaptSynchronously(_ request: URLRequest, target: any TargetType) -> (URLRequest, CourierError?) {
        var request = request
        do {
            for case let plugin? in synchronous {
                request = try plugin.adaptSynchronously(request, target: target)
            }
            return (request, nil)
        } catch {
            return (request, Self.adaptFailure(error))
        }
    }

    /// Step 3: every `willSend`, once per attempt, with the request as it will be sent, or `nil`
    /// when it could not be made.
    func willSend(_ request: URLRequest?, sessionHeaders: @autoclosure () -> [String: String], target: any TargetType) {
        guard !plugins.isEmpty else { return }
        let outgoing = OutgoingRequest(request: request, sessionHeaders: sessionHeaders())
        for plugin in plugins {
            plugin.willSend(outgoing, target: target)
        }
    }

    /// Step 4: every `didReceive`, once per attempt, then every `process`.
    func receive(_ result: Outcome, target: any TargetType) -> Outcome {
        for plugin in plugins {
            plugin.didReceive(result, target: target)
        }
        return process(result, target: target)
    }

    /// Every `process`, in order: for an attempt's outcome, and for the failure a retry decision
    /// ends the request with.
    func process(_ result: Outcome, target: any TargetType) -> Outcome {
        var processed = result
        for plugin in plugins {
            processed = plugin.process(processed, target: target)
        }
        return processed
    }

    /// Step 5: the first decision other than `.doNotRetry`.
    func retry(_ result: Outcome, target: any TargetType, context: RetryContext, isolation: isolated (any Actor)?)
        async -> RetryDecision
    {
        for (index, plugin) in plugins.enumerated() {
            let call = CallerIsolated((plugin, target))
            let decision: RetryDecision
            switch asking(.retry, at: index, target: target) {
            case .synchronously(let synchronous):
                decision = synchronous.retrySynchronously(result, target: target, context: context)
            case .skipped:
                continue
            case .awaited(let probe):
                decision = await retryPromptly(
                    call, result, context: context, at: index, probe: probe, isolation: isolation)
            }
            if case .doNotRetry = decision { continue }
            return decision
        }
        return .doNotRetry
    }

    /// Step 5 without suspending; only when ``runsSynchronously(for:)``.
    func retrySynchronously(_ result: Outcome, target: any TargetType, context: RetryContext) -> RetryDecision {
        for case let plugin? in synchronous {
            let decision = plugin.retrySynchronously(result, target: target, context: context)
            if case .doNotRetry = decision { continue }
            return decision
        }
        return .doNotRetry
    }

    /// Awaits a plugin's `adapt`, which runs where the plugin's isolation says (a method of a
    /// main-actor plugin on the main actor; a nonisolated one off the caller's actor, as any
    /// nonisolated `async` method runs). The chain waits for it before any other step.
    private static func adapt(_ call: CallerIsolated<(any PluginType, any TargetType)>, _ request: URLRequest)
        async throws -> URLRequest
    {
        try await call.value.0.adapt(request, target: call.value.1)
    }

    /// Awaits the `adapt` of the plugin at `index` (a plain plugin's, or that of a
    /// ``SynchronousPlugin`` that says it suspends), as ``adapt(_:_:)`` does, in a task of its own:
    /// such a step may wait on something (a token that may be refreshing), and a cancelled request
    /// stops waiting at once, even when that something never looks at cancellation (see
    /// ``PromptAnswer``). The task starts in the request's (`startImmediateTask`), so a step that
    /// does not suspend (the protocol's default, a token at hand) answers without a hop where the
    /// toolchain and OS allow it. With a `probe`, what it saw is learnt once the step ran to its
    /// end.
    private func adaptPromptly(
        _ call: CallerIsolated<(any PluginType, any TargetType)>, _ request: URLRequest, at index: Int,
        probe: DefaultStepProbe?, isolation: isolated (any Actor)?
    ) async throws -> URLRequest {
        let ownSteps = self.ownSteps
        let cancelled: @Sendable () -> Result<URLRequest, any Error> = { .failure(CancellationError()) }
        return try await PromptAnswer.runImmediately(cancelled: cancelled, isolation: isolation) { isolation in
            let adapted: Result<URLRequest, any Error>
            do {
                adapted = .success(
                    try await DefaultStepProbe.$current.withValue(probe) { try await Self.adapt(call, request) })
            } catch {
                adapted = .failure(error)
            }
            if let probe { ownSteps.learn(.adapt, at: index, from: probe) }
            return adapted
        }.get()
    }

    /// Awaits a plugin's `retry`, as ``adapt(_:_:)`` awaits `adapt`.
    private static func retry(
        _ call: CallerIsolated<(any PluginType, any TargetType)>, _ result: Outcome,
        context: RetryContext
    ) async -> RetryDecision {
        await call.value.0.retry(result, target: call.value.1, context: context)
    }

    /// Awaits the `retry` of the plugin at `index`, as ``adaptPromptly(_:_:at:probe:isolation:)``
    /// awaits `adapt`: a cancelled request stops waiting at once, with ``RetryDecision/fail(_:)``
    /// and ``CourierError/cancelled``.
    private func retryPromptly(
        _ call: CallerIsolated<(any PluginType, any TargetType)>, _ result: Outcome, context: RetryContext,
        at index: Int, probe: DefaultStepProbe?, isolation: isolated (any Actor)?
    ) async -> RetryDecision {
        let ownSteps = self.ownSteps
        let cancelled: @Sendable () -> RetryDecision = { .fail(.cancelled) }
        return await PromptAnswer.runImmediately(cancelled: cancelled, isolation: isolation) { isolation in
            let decision = await DefaultStepProbe.$current.withValue(probe) {
                await Self.retry(call, result, context: context)
            }
            if let probe { ownSteps.learn(.retry, at: index, from: probe) }
            return decision
        }
    }

    /// A `CourierError` as it is, a cancellation as ``CourierError/cancelled``, anything else
    /// wrapped.
    private static func adaptFailure(_ error: any Error) -> CourierError {
        Task.isCancelled ? .cancelled : .wrapping(error)
    }
}
