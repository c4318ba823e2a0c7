import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How one attempt is answered, decided when it starts by `stubClosure`.
struct AttemptPlan: Sendable {
    let context: RequestContext
    let stub: StubBehavior
}

/// Where a run of attempts starts when it does not start with the first attempt.
enum AttemptStart: Sendable {
    /// With this attempt, already planned.
    case planned(AttemptPlan, reasons: [String])
    /// With the wait before retrying the attempt `after`.
    case waiting(TimeInterval, after: AttemptPlan, reasons: [String])
}

/// How an attempt ends.
enum AttemptEnd: Sendable {
    /// The request ends with this answer, whose outcome every plugin has processed.
    case deliver(ExchangeAnswer)
    /// Another attempt follows, after `delay` seconds.
    case retry(after: TimeInterval, reason: String)
}

extension Provider {
    /// Runs the whole pipeline for `target` and returns its outcome; never throws, never crashes.
    /// Every step that touches the target, the provider's closures or its plugins runs on
    /// `isolation`, the caller's (see ``CallerIsolated``); only the exchange with the transport
    /// leaves it.
    func perform(
        _ target: Target, progress: ProgressReporter?, resumingFrom point: DownloadResumePoint? = nil,
        isolation: isolated (any Actor)?
    ) async -> Result<Response, CourierError> {
        let exchange = await makeExchange(target, resumingFrom: point, isolation: isolation)
        return await perform(exchange, progress: progress, isolation: isolation)
    }

    /// Maps `target` to its endpoint and request, awaiting a `requestClosure` that does not answer
    /// at once.
    func makeExchange(
        _ target: Target, resumingFrom point: DownloadResumePoint? = nil, opensWebSocket: Bool = false,
        isolation: isolated (any Actor)?
    ) async -> Exchange<Target> {
        let endpoint = endpointClosure(target)
        let id = RequestContext.nextID()
        switch requestMaker.start(endpoint) {
        case .ready(let made):
            return exchange(target, endpoint, id: id, made: made, resumingFrom: point, opensWebSocket: opensWebSocket)
        case .pending(let making):
            return exchange(
                target, endpoint, id: id, made: await making(), resumingFrom: point, opensWebSocket: opensWebSocket)
        }
    }

    /// The exchange for `target`, resuming its download from `point` when the transport can.
    func exchange(
        _ target: Target, _ endpoint: Endpoint, id: UInt64, made: Result<URLRequest, CourierError>,
        resumingFrom point: DownloadResumePoint?, opensWebSocket: Bool = false
    ) -> Exchange<Target> {
        Exchange(
            target: target, endpoint: endpoint, id: id, made: made, resumingFrom: point,
            resumes: { [transport] in transport is any DownloadResumingTransport }, opensWebSocket: opensWebSocket)
    }

    /// Runs the attempts of `exchange`, sharing them with identical requests in flight when
    /// `trackInflights` is on, and reports the final progress event.
    func perform(
        _ exchange: Exchange<Target>, progress: ProgressReporter?, from start: AttemptStart? = nil,
        isolation: isolated (any Actor)?
    ) async -> Result<Response, CourierError> {
        if trackInflights, let key = exchange.inflightKey {
            return await performShared(exchange, key: key, progress: progress, from: start, isolation: isolation)
        }
        return completed(await attempts(exchange, progress: progress, from: start, isolation: isolation), progress)
    }

    /// ``perform(_:progress:from:isolation:)`` for a request that shares its attempts with identical
    /// ones in flight. A function of its own: its values would otherwise take room in the frame of
    /// every request (see ``wait(_:after:_:)``).
    @inline(never)
    private func performShared(
        _ exchange: Exchange<Target>, key: InflightKey, progress: ProgressReporter?, from start: AttemptStart?,
        isolation: isolated (any Actor)?
    ) async -> Result<Response, CourierError> {
        let shared = await inflights.run(key, isolation: isolation) { isolation in
            await self.attempts(exchange, progress: nil, from: start, isolation: isolation)
        }
        return completed(shared, progress)
    }

    /// The attempts of a request whose response is held in memory or downloaded; removes the body
    /// written for them at the end.
    private func attempts(
        _ exchange: Exchange<Target>, progress: ProgressReporter?, from start: AttemptStart?,
        isolation: isolated (any Actor)?
    ) async -> Result<Response, CourierError> {
        defer { exchange.body?.cleanUp() }
        let step = standardStep(exchange, progress: progress)
        return exchange.finish(await runAttempts(exchange, step: step, from: start, isolation: isolation).result)
    }

    /// Runs attempts of `exchange` until one is delivered, with `step` as the exchange with the
    /// stub or the transport (see ``ExchangeStep``). Each attempt asks `stubClosure`, runs
    /// `prepare`, `adapt` and `willSend`, then `step`, then validation, `didReceive`, `process` and
    /// the retry decision, all with one ``RequestContext``. Returns the delivered answer, with
    /// what its step kept aside.
    func runAttempts(
        _ exchange: Exchange<Target>, step: ExchangeStep, from start: AttemptStart? = nil,
        isolation: isolated (any Actor)?
    ) async -> ExchangeAnswer {
        // The attempt to run, or while `delay` is set the one to retry after that wait, and the
        // reasons of the retries so far. Plain variables, not an `AttemptStart`: each copy of the
        // enum took room in the frame, which every request allocates.
        var (plan, reasons, delay) = opening(exchange, from: start)
        while true {
            if let wait = delay {
                guard let next = await self.wait(wait, after: plan, exchange) else {
                    return ExchangeAnswer(cancelled(after: plan, exchange))
                }
                (plan, delay) = (next, nil)
            }
            switch await attempt(exchange, plan, step: step, reasons: reasons, isolation: isolation) {
            case .deliver(let answer):
                return answer
            case .retry(let wait, let reason):
                reasons.append(reason)
                delay = wait
            }
        }
    }

    /// Where a run of attempts starts: the attempt to run, or with a delay the one to retry after
    /// it, and the reasons of the retries before. Kept out of
    /// ``runAttempts(_:step:from:isolation:)`` (see ``wait(_:after:_:)``).
    @inline(never)
    private func opening(_ exchange: Exchange<Target>, from start: AttemptStart?) -> (
        plan: AttemptPlan, reasons: [String], delay: TimeInterval?
    ) {
        switch start {
        case .none: (plan(exchange, attempt: 1), [], nil)
        case .planned(let first, let reasons): (first, reasons, nil)
        case .waiting(let delay, let previous, let reasons): (previous, reasons, delay)
        }
    }

    /// Waits `delay` seconds before the attempt after `previous`, and plans it; `nil` when the
    /// request was cancelled meanwhile. A function of its own, like ``plan(_:attempt:)``: in an
    /// `async` function every value lives in the task's memory, and the wait's values would enlarge
    /// the frame of ``runAttempts(_:step:from:isolation:)``, which every request allocates.
    @inline(never)
    private func wait(_ delay: TimeInterval, after previous: AttemptPlan, _ exchange: Exchange<Target>) async
        -> AttemptPlan?
    {
        if delay > 0 { try? await Task.sleep(for: .saturating(seconds: delay)) }
        if Task.isCancelled { return nil }
        return plan(exchange, attempt: previous.context.attempt + 1)
    }

    /// Decides how attempt `number` is answered. `stubClosure` runs with ``RequestContext/current``
    /// naming the attempt, so that a stub source can tie the answer it picks to it.
    @inline(never)  // kept out of the async functions that call it (see `wait`)
    func plan(_ exchange: Exchange<Target>, attempt number: Int) -> AttemptPlan {
        let now = ContinuousClock.now
        let deciding = RequestContext(id: exchange.id, attempt: number, isStubbed: false, startedAt: now)
        let stub = RequestContext.$running.withValue(deciding) { stubClosure(exchange.target) }
        let context = RequestContext(id: exchange.id, attempt: number, isStubbed: stub != .never, startedAt: now)
        return AttemptPlan(context: context, stub: stub)
    }

    /// One attempt, with its context: prepare, adapt, willSend, the step, then the retry decision.
    private func attempt(
        _ exchange: Exchange<Target>, _ plan: AttemptPlan, step: ExchangeStep, reasons: [String],
        isolation: isolated (any Actor)?
    ) async -> AttemptEnd {
        await RequestContext.$running.withValue(plan.context) {
            var (request, failure) = (exchange.request, exchange.failure)
            if failure == nil, let made = request {
                (request, failure) = await chain.adapt(
                    chain.prepare(made, target: exchange.anyTarget), target: exchange.anyTarget, isolation: isolation)
            }
            let answer: ExchangeAnswer
            (answer, request) = await send(request, failure: failure, exchange, plan, step: step, isolation: isolation)
            return await settle(answer, sent: request, exchange, plan, reasons: reasons, isolation: isolation)
        }
    }

    /// What follows the exchange of every attempt: validation, `didReceive` and `process`
    /// (``receive(_:_:)``), then the retry decision. Inlined into its callers, whose frames hold its
    /// values either way.
    @inline(__always)
    func settle(
        _ answer: ExchangeAnswer, sent request: URLRequest?, _ exchange: Exchange<Target>, _ plan: AttemptPlan,
        reasons: [String], isolation: isolated (any Actor)?
    ) async -> AttemptEnd {
        let outcome = receive(answer, exchange)
        guard let context = retryContext(for: outcome.result, exchange, plan, sent: request, reasons: reasons)
        else { return .deliver(outcome) }
        let decision = await chain.retry(
            outcome.result, target: exchange.anyTarget, context: context, isolation: isolation)
        return conclude(decision, outcome, exchange)
    }

    /// Calls every `willSend`, then returns the request to exchange, or the failure the attempt
    /// ends with instead (one from before, or a cancellation). The one point where a request
    /// leaves the plugin chain for the stub or the transport, on every path.
    func handOver(_ request: URLRequest?, failure: CourierError?, _ exchange: Exchange<Target>) -> Result<
        URLRequest, CourierError
    > {
        chain.willSend(request, sessionHeaders: transport.sessionHeaders, target: exchange.anyTarget)
        guard failure == nil, let request else { return .failure(failure ?? .cancelled) }
        if Task.isCancelled { return .failure(.cancelled) }
        // Headers, method and framing from every source (target, endpoint, requestClosure, plugins,
        // the transport's session headers), before the stub or the transport sees the request. A
        // multipart body is checked against its Content-Length once written (ExchangeStep.send).
        if let refusal = RequestValidation.refusal(
            of: request, body: exchange.bodyKnownBeforeSending,
            sessionHeaders: checksSessionHeaders ? transport.sessionHeaders : [:])
        {
            return .failure(refusal)
        }
        return .success(request)
    }

    /// Validation, every `didReceive`, every `process`: what every attempt's answer goes through.
    /// A failure lets go of what the step kept aside, and of a downloaded file.
    func receive(_ answer: ExchangeAnswer, _ exchange: Exchange<Target>) -> ExchangeAnswer {
        var result = answer.result
        if case .success(let response) = result, !(exchange.opensWebSocket && response.statusCode == 101),
            !exchange.anyTarget.validationType.accepts(response.statusCode)
        {
            result = .failure(.statusCode(response))
        }
        var processed = answer
        processed.result = chain.receive(result, target: exchange.anyTarget)
        guard case .failure = processed.result else { return processed }
        DownloadMover.discard(result)
        return processed.releasingHeld()
    }

    /// What the plugins' `retry` is asked with, or `nil` when an outcome is delivered as it is: a
    /// request that could not be made, a cancellation, or no plugin to ask.
    func retryContext(
        for result: Result<Response, CourierError>, _ exchange: Exchange<Target>, _ plan: AttemptPlan,
        sent request: URLRequest?, reasons: [String]
    ) -> RetryContext? {
        guard exchange.failure == nil, !chain.plugins.isEmpty, !Task.isCancelled, !result.isCancellation else {
            return nil
        }
        return RetryContext(attempt: plan.context.attempt, request: request, retryReasons: reasons)
    }

    /// Acts on the plugins' retry decision. A `.fail` goes through every `process`, as any
    /// outcome; an outcome that is retried lets go of what it kept and of a downloaded file.
    func conclude(_ decision: RetryDecision, _ outcome: ExchangeAnswer, _ exchange: Exchange<Target>) -> AttemptEnd {
        if case .doNotRetry = decision { return .deliver(outcome) }
        let dropped = outcome.releasingHeld()
        DownloadMover.discard(dropped.result)
        switch decision {
        case .fail(let error):
            return .deliver(ExchangeAnswer(chain.process(.failure(error), target: exchange.anyTarget)))
        case .retry(let delay, let reason):
            return .retry(after: delay, reason: reason)
        case .doNotRetry:
            return .deliver(dropped)
        }
    }

    /// The outcome of a request cancelled while it waited to retry `previous`, processed in that
    /// attempt's context.
    func cancelled(after previous: AttemptPlan, _ exchange: Exchange<Target>) -> Result<Response, CourierError> {
        RequestContext.$running.withValue(previous.context) {
            chain.process(.failure(.cancelled), target: exchange.anyTarget)
        }
    }

    /// `result`, after the final progress event for a success.
    func completed(_ result: Result<Response, CourierError>, _ progress: ProgressReporter?) -> Result<
        Response, CourierError
    > {
        if case .success(let response) = result { progress?.finish(with: response) }
        return result
    }
}

extension Result where Failure == CourierError {
    /// Whether this is a cancellation failure.
    var isCancellation: Bool {
        if case .failure(let error) = self { return error.isCancelled }
        return false
    }
}
