import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The plugin steps the chain awaits: each in a task of its own, started in the request's, so that
/// cancellation never waits for a plugin.
extension PluginChain {
    /// Awaits a plugin's `adapt`, which runs where the plugin's isolation says (a method of a
    /// main-actor plugin on the main actor; a nonisolated one off the caller's actor, as any
    /// nonisolated `async` method runs). The chain waits for it before any other step.
    static func adapt(_ call: CallerIsolated<(any PluginType, any TargetType)>, _ request: URLRequest)
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
    func adaptPromptly(
        _ plugin: any PluginType, _ request: URLRequest, target: any TargetType, at index: Int,
        probe: DefaultStepProbe?, isolation: isolated (any Actor)?
    ) async throws -> URLRequest {
        let (ownSteps, call) = (self.ownSteps, CallerIsolated((plugin, target)))
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
    static func retry(
        _ call: CallerIsolated<(any PluginType, any TargetType)>, _ result: Outcome,
        context: RetryContext
    ) async -> RetryDecision {
        await call.value.0.retry(result, target: call.value.1, context: context)
    }

    /// Awaits the `retry` of the plugin at `index`, as ``adaptPromptly(_:_:target:at:probe:isolation:)``
    /// awaits `adapt`: a cancelled request stops waiting at once, with ``RetryDecision/fail(_:)``
    /// and ``CourierError/cancelled``.
    func retryPromptly(
        _ plugin: any PluginType, _ result: Outcome, target: any TargetType, context: RetryContext,
        at index: Int, probe: DefaultStepProbe?, isolation: isolated (any Actor)?
    ) async -> RetryDecision {
        let (ownSteps, call) = (self.ownSteps, CallerIsolated((plugin, target)))
        let cancelled: @Sendable () -> RetryDecision = { .fail(.cancelled) }
        return await PromptAnswer.runImmediately(cancelled: cancelled, isolation: isolation) { isolation in
            let decision = await DefaultStepProbe.$current.withValue(probe) {
                await Self.retry(call, result, context: context)
            }
            if let probe { ownSteps.learn(.retry, at: index, from: probe) }
            return decision
        }
    }
}
