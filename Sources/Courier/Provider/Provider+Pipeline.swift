import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request on its way through the pipeline: what every attempt starts from.
struct Exchange<Target: TargetType>: Sendable {
    let target: Target
    let endpoint: Endpoint
    /// The request after `requestClosure` and the target's timeout, before any plugin.
    let request: URLRequest
    let stub: StubBehavior
    let body: TransportRequest.Body
}

extension Provider {
    /// Runs the whole pipeline for `target` and returns its outcome; never throws, never crashes.
    func perform(_ target: Target, progress: ProgressReporter?) async -> Result<Response, CourierError> {
        let endpoint = endpointClosure(target)
        let stub = stubClosure(target)
        let context = RequestContext.first(isStubbed: stub != .never)
        let exchange: Exchange<Target>
        switch await RequestClosureBridge.request(for: endpoint, using: requestClosure) {
        case .failure(let error):
            return RequestContext.$current.withValue(context) {
                finish(.failure(error), sent: nil, target: target)
            }
        case .success(var request):
            if let timeout = target.timeoutInterval { request.timeoutInterval = timeout }
            do {
                let body = try await TransferBody.prepare(&request, for: endpoint.task, sending: stub == .never)
                exchange = Exchange(target: target, endpoint: endpoint, request: request, stub: stub, body: body)
            } catch {
                return RequestContext.$current.withValue(context) {
                    finish(.failure(error), sent: request, target: target)
                }
            }
        }
        defer { TransferBody.cleanUp(exchange.body, for: endpoint.task) }
        if trackInflights, let key = InflightKey(exchange.request, task: endpoint.task) {
            let shared = await inflights.run(key) { await self.attempts(exchange, context: context, progress: nil) }
            return completed(shared, progress)
        }
        return await attempts(exchange, context: context, progress: progress)
    }

    /// Runs attempts until one is not retried.
    private func attempts(_ exchange: Exchange<Target>, context: RequestContext, progress: ProgressReporter?) async
        -> Result<Response, CourierError>
    {
        var context = context
        var reasons: [String] = []
        while true {
            let (result, sent) = await RequestContext.$current.withValue(context) {
                await attempt(exchange, progress: progress)
            }
            if plugins.isEmpty || Task.isCancelled || result.isCancellation {
                return completed(result, progress)
            }
            let retry = RetryContext(attempt: context.attempt, request: sent, retryReasons: reasons)
            switch await retryDecision(result, target: exchange.target, context: retry) {
            case .doNotRetry:
                return completed(result, progress)
            case .fail(let error):
                return .failure(error)
            case .retry(let delay, let reason):
                if delay > 0 {
                    do {
                        try await Task.sleep(for: .seconds(delay))
                    } catch {
                        return .failure(.cancelled)
                    }
                }
                if Task.isCancelled { return .failure(.cancelled) }
                reasons.append(reason)
                context = context.nextAttempt()
            }
        }
    }

    /// One attempt: prepare, adapt, willSend, send or stub, validate, didReceive, process.
    private func attempt(_ exchange: Exchange<Target>, progress: ProgressReporter?) async
        -> (Result<Response, CourierError>, URLRequest?)
    {
        let target = exchange.target
        var request = exchange.request
        for plugin in plugins {
            request = plugin.prepare(request, target: target)
        }
        do {
            for plugin in plugins {
                request = try await plugin.adapt(request, target: target)
            }
        } catch {
            return (
                finish(.failure(Task.isCancelled ? .cancelled : .wrapping(error)), sent: request, target: target),
                request
            )
        }
        let outgoing = OutgoingRequest(request: request, sessionHeaders: transport.sessionHeaders)
        for plugin in plugins {
            plugin.willSend(outgoing, target: target)
        }
        var result: Result<Response, CourierError>
        if Task.isCancelled {
            result = .failure(.cancelled)
        } else if let refusal = RequestValidation.refusal(
            of: request, body: exchange.body, sessionHeaders: transport.sessionHeaders)
        {
            result = .failure(refusal)
        } else {
            switch exchange.stub {
            case .never:
                result = await send(request, exchange, progress: progress)
            case .immediate:
                result = Self.sample(exchange.endpoint, request: request)
            case .delayed(let seconds):
                do {
                    try await Task.sleep(for: .seconds(seconds))
                    result = Self.sample(exchange.endpoint, request: request)
                } catch {
                    result = .failure(.cancelled)
                }
            }
        }
        if case .success(let response) = result, !target.validationType.accepts(response.statusCode) {
            result = .failure(.statusCode(response))
        }
        let processed = finish(result, sent: request, target: target, notify: false)
        if case .failure = processed { DownloadMover.discard(result) }
        return (processed, request)
    }

    /// Tells the plugins about an outcome and lets them process it. `notify` sends `willSend`
    /// first, for outcomes reached before the request could be sent, so the two always pair.
    private func finish(
        _ result: Result<Response, CourierError>, sent request: URLRequest?, target: Target, notify: Bool = true
    ) -> Result<Response, CourierError> {
        if notify {
            let outgoing = OutgoingRequest(request: request, sessionHeaders: transport.sessionHeaders)
            for plugin in plugins {
                plugin.willSend(outgoing, target: target)
            }
        }
        for plugin in plugins {
            plugin.didReceive(result, target: target)
        }
        var processed = result
        for plugin in plugins {
            processed = plugin.process(processed, target: target)
        }
        return processed
    }

    private func send(_ request: URLRequest, _ exchange: Exchange<Target>, progress: ProgressReporter?) async
        -> Result<Response, CourierError>
    {
        let transportRequest = TransportRequest(
            urlRequest: request,
            body: exchange.body,
            destination: exchange.endpoint.task.downloadDestination.map {
                DownloadMover.holdingBack($0, unless: exchange.target.validationType)
            },
            progress: progress?.transferHandler,
            maximumResponseSize: maximumResponseSize)
        do {
            let answer = try await transport.send(transportRequest)
            return .success(
                Response(
                    statusCode: answer.response.statusCode, data: answer.data, request: request,
                    response: answer.response, fileURL: answer.fileURL))
        } catch {
            if Task.isCancelled || (error as? URLError)?.code == .cancelled { return .failure(.cancelled) }
            return .failure(.wrapping(error))
        }
    }

    private static func sample(_ endpoint: Endpoint, request: URLRequest) -> Result<Response, CourierError> {
        switch endpoint.sampleResponseClosure() {
        case .networkResponse(let statusCode, let data):
            .success(Response(statusCode: statusCode, data: data, request: request, response: nil))
        case .response(let response, let data):
            .success(Response(statusCode: response.statusCode, data: data, request: request, response: response))
        case .networkError(let error):
            .failure(.underlying(error, nil))
        }
    }

    private func retryDecision(
        _ result: Result<Response, CourierError>, target: Target, context: RetryContext
    ) async -> RetryDecision {
        for plugin in plugins {
            let decision = await plugin.retry(result, target: target, context: context)
            if case .doNotRetry = decision { continue }
            return decision
        }
        return .doNotRetry
    }

    private func completed(_ result: Result<Response, CourierError>, _ progress: ProgressReporter?) -> Result<
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
