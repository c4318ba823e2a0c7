import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request run on the caller's thread for as long as nothing in it can suspend.
///
/// Made for one request on its caller's isolation, so it is not `Sendable`.
enum SynchronousRun {
    /// The request ended without suspending.
    case finished(Result<Response, CourierError>)
    /// The request must wait for something; run the rest in a task, on the caller's isolation.
    case suspended((_ isolation: isolated (any Actor)?) async -> Result<Response, CourierError>)
}

extension Provider {
    /// Runs `target` on the caller's thread, without a task, while nothing can suspend: a
    /// `requestClosure` that answers at once, then attempts that are stubbed `.immediate` (or fail
    /// before they could be sent) with a plugin chain that ``PluginChain/runsSynchronously(for:)``,
    /// and retries without a wait. This is how an immediate stub completes before the
    /// completion-handler `request` returns, on every OS, without an immediate task (SE-0472).
    ///
    /// The attempts run through the same steps as ``runAttempts(_:step:from:)``; at the first one
    /// that could suspend, the rest is handed over to the asynchronous pipeline, from that point.
    func performSynchronously(
        _ target: Target, progress: ProgressReporter?, resumingFrom point: DownloadResumePoint? = nil
    ) -> SynchronousRun {
        let endpoint = endpointClosure(target)
        let id = RequestContext.nextID()
        let exchange: Exchange<Target>
        switch requestMaker.start(endpoint) {
        case .pending(let making):
            return pending(target, endpoint, id: id, making: making, progress: progress, resumingFrom: point)
        case .ready(let made):
            exchange = self.exchange(target, endpoint, id: id, made: made, resumingFrom: point)
        }
        if trackInflights, let key = exchange.inflightKey, inflights.isRunning(key) {
            return .suspended { isolation in await self.perform(exchange, progress: progress, isolation: isolation) }
        }
        var plan = plan(exchange, attempt: 1)
        var reasons: [String] = []
        while true {
            guard let end = attemptSynchronously(exchange, plan, reasons: reasons) else {
                return .suspended { [plan, reasons] isolation in
                    await self.perform(
                        exchange, progress: progress, from: .planned(plan, reasons: reasons), isolation: isolation)
                }
            }
            switch end {
            case .deliver(let answer):
                return .finished(completed(exchange.finish(answer.result), progress))
            case .retry(let delay, let reason):
                reasons.append(reason)
                guard delay <= 0, !Task.isCancelled else {
                    return .suspended { [plan, reasons] isolation in
                        await self.perform(
                            exchange, progress: progress, from: .waiting(delay, after: plan, reasons: reasons),
                            isolation: isolation)
                    }
                }
                plan = self.plan(exchange, attempt: plan.context.attempt + 1)
            }
        }
    }

    /// The rest of a request whose `requestClosure` must be awaited. A function of its own, so
    /// that the metadata of the box it needs (a tuple generic over `Target`) is looked up only when
    /// a request takes this path, not at the start of every request.
    @inline(never)
    private func pending(
        _ target: Target, _ endpoint: Endpoint, id: UInt64,
        making: @escaping @Sendable () async -> RequestMaker.Outcome, progress: ProgressReporter?,
        resumingFrom point: DownloadResumePoint?
    ) -> SynchronousRun {
        let caller = CallerIsolated((target, endpoint))
        return .suspended { isolation in
            let (target, endpoint) = caller.value
            let exchange = self.exchange(target, endpoint, id: id, made: await making(), resumingFrom: point)
            return await self.perform(exchange, progress: progress, isolation: isolation)
        }
    }

    /// One attempt without suspending, or `nil`, before anything runs, when it could suspend: its
    /// stub is not `.immediate`, or a plugin must be awaited for the target.
    private func attemptSynchronously(_ exchange: Exchange<Target>, _ plan: AttemptPlan, reasons: [String])
        -> AttemptEnd?
    {
        // An attempt for the transport leaves at once, without binding its context: nothing of the
        // caller's has run for it yet.
        guard exchange.failure != nil || plan.stub == .immediate else { return nil }
        return RequestContext.$running.withValue(plan.context) { () -> AttemptEnd? in
            let target = exchange.anyTarget
            guard chain.runsSynchronously(for: target) else { return nil }
            var (request, failure) = (exchange.request, exchange.failure)
            if failure == nil, let made = request {
                (request, failure) = chain.adaptSynchronously(chain.prepare(made, target: target), target: target)
            }
            let answer = handOver(request, failure: failure, exchange).flatMap {
                Self.sample(exchange.endpoint, request: $0)
            }
            let outcome = receive(ExchangeAnswer(answer), exchange)
            guard let context = retryContext(for: outcome.result, exchange, plan, sent: request, reasons: reasons)
            else { return .deliver(outcome) }
            let decision = chain.retrySynchronously(outcome.result, target: target, context: context)
            return conclude(decision, outcome, exchange)
        }
    }
}
