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
    /// With `answeringFromMemory`, an attempt that goes to the transport through the cache runs its
    /// plugins here too, and is answered here when the cache's memory holds a fresh answer; when it
    /// does not, the exchange goes on asynchronously from the request every plugin saw, with the
    /// lookup already made (``finishThroughCache(_:_:sending:_:looked:reasons:progress:isolation:)``).
    ///
    /// The attempts run through the same steps as ``runAttempts(_:step:from:)``; at the first one
    /// that could suspend, the rest is handed over to the asynchronous pipeline, from that point.
    func performSynchronously(
        _ target: Target, progress: ProgressReporter?, resumingFrom point: DownloadResumePoint? = nil,
        answeringFromMemory: Bool = false
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
        // Through the cache only when nothing is shared with identical requests in flight: the
        // rest of an attempt handed over here is not registered with them.
        let answersFromMemory = answeringFromMemory && !(trackInflights && exchange.inflightKey != nil)
        while true {
            let end: AttemptEnd
            switch attemptSynchronously(exchange, plan, reasons: reasons, answeringFromMemory: answersFromMemory) {
            case .ended(let ended):
                end = ended
            case .notRun:
                return .suspended { [plan, reasons] isolation in
                    await self.perform(
                        exchange, progress: progress, from: .planned(plan, reasons: reasons), isolation: isolation)
                }
            case .handedToCache(let sending, let use, let looked):
                return .suspended { [plan, reasons] isolation in
                    await self.finishThroughCache(
                        exchange, plan, sending: sending, use, looked: looked, reasons: reasons, progress: progress,
                        isolation: isolation)
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

    /// One attempt without suspending, as far as it goes: `.notRun`, before anything runs, when it
    /// could suspend (its stub is not `.immediate`, and it does not go through the cache as
    /// `answeringFromMemory` allows, or a plugin must be awaited for the target).
    private func attemptSynchronously(
        _ exchange: Exchange<Target>, _ plan: AttemptPlan, reasons: [String], answeringFromMemory: Bool
    ) -> SynchronousAttempt {
        let cacheUse =
            answeringFromMemory && plan.stub == .never && exchange.failure == nil ? cacheUse(for: exchange) : nil
        // An attempt for the transport leaves at once, without binding its context: nothing of the
        // caller's has run for it yet.
        guard exchange.failure != nil || plan.stub == .immediate || cacheUse != nil else { return .notRun }
        return RequestContext.$running.withValue(plan.context) { () -> SynchronousAttempt in
            let target = exchange.anyTarget
            guard chain.runsSynchronously(for: target) else { return .notRun }
            var (request, failure) = (exchange.request, exchange.failure)
            if failure == nil, let made = request {
                (request, failure) = chain.adaptSynchronously(chain.prepare(made, target: target), target: target)
            }
            let answer: Result<Response, CourierError>
            switch handOver(request, failure: failure, exchange) {
            case .failure(let error):
                answer = .failure(error)
            case .success(let sending):
                guard let use = cacheUse else {
                    answer = Self.sample(exchange.endpoint, request: sending)
                    break
                }
                let looked = use.cache.lookupInMemory(for: sending, policy: use.policy)
                switch looked?.lookup {
                case .answer(let cached), .unsatisfiable(let cached):
                    answer = .success(CachedExchange.response(cached, for: sending))
                default:
                    return .handedToCache(sending, use, looked: looked)
                }
            }
            let outcome = receive(ExchangeAnswer(answer), exchange)
            guard let context = retryContext(for: outcome.result, exchange, plan, sent: request, reasons: reasons)
            else { return .ended(.deliver(outcome)) }
            let decision = chain.retrySynchronously(outcome.result, target: target, context: context)
            return .ended(conclude(decision, outcome, exchange))
        }
    }
}

extension Provider {
    /// The rest of a request whose attempt ``performSynchronously(_:progress:resumingFrom:answeringFromMemory:)``
    /// handed to the cache, and whose answer the cache's memory did not hold: the exchange through
    /// the cache, from `sending` as every plugin left it and with the lookup `looked` already made,
    /// then what follows every exchange, and any attempts after it. Runs on the caller's isolation.
    @inline(never)
    func finishThroughCache(
        _ exchange: Exchange<Target>, _ plan: AttemptPlan, sending: URLRequest, _ use: CacheUse,
        looked: HTTPCache.LookupAndGeneration?, reasons: [String], progress: ProgressReporter?,
        isolation: isolated (any Actor)?
    ) async -> Result<Response, CourierError> {
        let end = await RequestContext.$running.withValue(plan.context) {
            let result = await cachedSend(
                sending, use, transportExchange(for: exchange, progress: progress), looked: looked)
            return await settle(
                ExchangeAnswer(result), sent: sending, exchange, plan, reasons: reasons, isolation: isolation)
        }
        switch end {
        case .deliver(let answer):
            // No body to clean up: a request with an upload or download body never uses the cache.
            return completed(exchange.finish(answer.result), progress)
        case .retry(let delay, let reason):
            return await perform(
                exchange, progress: progress, from: .waiting(delay, after: plan, reasons: reasons + [reason]),
                isolation: isolation)
        }
    }
}

/// How far an attempt went on the caller's thread.
private enum SynchronousAttempt {
    /// It ended.
    case ended(AttemptEnd)
    /// Nothing of it ran: it could suspend.
    case notRun
    /// It was handed over (every `willSend` ran) to go through the cache, whose memory could not
    /// answer it; `looked` is the lookup made, `nil` when only a file could answer it.
    case handedToCache(URLRequest, CacheUse, looked: HTTPCache.LookupAndGeneration?)
}
