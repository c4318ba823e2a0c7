import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The step of an attempt that hands the finished request to the stub or the transport and
/// brings the answer back; everything before it (`prepare`, `adapt`, `willSend`) and after it
/// (validation, `didReceive`, `process`, the retry decision) is the same for every kind of
/// request.
///
/// A streamed exchange (`Provider.stream`) supplies its own step to
/// ``Provider/runAttempts(_:step:from:)``: it sends with `HTTPTransport.stream(_:)` (or plays a
/// scripted stub), answers the head as the ``Response`` that the rest of the attempt validates
/// and shows to plugins, and keeps the body aside as the answer's ``ExchangeAnswer/held``. The
/// pipeline returns the answer of the attempt it delivers and releases what every other one kept
/// (retried, failed after `process`, or cancelled), so an abandoned body is closed at once.
///
/// A step is made for one request and runs on that request's isolation, so it is not `Sendable`.
struct ExchangeStep {
    /// Answers `request`, as every plugin left it, for an attempt that `stubClosure` decided to
    /// answer with `stub`. Runs on the caller's isolation, the last argument; what it hands the
    /// transport is `Sendable`.
    let exchange:
        (_ request: URLRequest, _ stub: StubBehavior, _ isolation: isolated (any Actor)?) async -> ExchangeAnswer
}

/// What an exchange answers: the outcome (for a stream, the head) and what it keeps aside.
struct ExchangeAnswer: Sendable {
    var result: Result<Response, CourierError>
    /// What is kept for the caller if this attempt is delivered, such as a streamed body.
    var held: (any HeldAside)?

    init(_ result: Result<Response, CourierError>, held: (any HeldAside)? = nil) {
        self.result = result
        self.held = held
    }

    /// This answer without what it kept, which is released.
    func releasingHeld() -> ExchangeAnswer {
        held?.release()
        return ExchangeAnswer(result)
    }
}

/// Something an exchange keeps aside for the attempt that is delivered, such as a streamed body.
protocol HeldAside: Sendable {
    /// Lets go of it: the attempt that kept it is not delivered.
    func release()
}

extension Provider {
    /// The step of a request whose response is held in memory or downloaded: the endpoint's
    /// sample for a stub, after its delay; otherwise the transport, within the target's total
    /// limit.
    func standardStep(_ exchange: Exchange<Target>, progress: ProgressReporter?) -> ExchangeStep {
        ExchangeStep { request, stub, isolation in
            switch stub {
            case .never:
                return ExchangeAnswer(await self.send(request, exchange, progress: progress, isolation: isolation))
            case .immediate:
                return ExchangeAnswer(Self.sample(exchange.endpoint, request: request))
            case .delayed(let seconds):
                return await Self.sample(exchange.endpoint, request: request, after: seconds)
            }
        }
    }

    /// The answer of a stubbed attempt after `seconds`, or a cancellation. A function of its own:
    /// in an `async` function every value lives in the task's memory, and the wait's values would
    /// enlarge the frame of the step, which every request allocates.
    @inline(never)
    static func sample(_ endpoint: Endpoint, request: URLRequest, after seconds: TimeInterval) async
        -> ExchangeAnswer
    {
        do {
            try await Task.sleep(for: .saturating(seconds: seconds))
        } catch {
            return ExchangeAnswer(.failure(.cancelled))
        }
        return ExchangeAnswer(sample(endpoint, request: request))
    }

    /// The answer of a stubbed attempt: the endpoint's sample response, asked for each attempt.
    static func sample(_ endpoint: Endpoint, request: URLRequest) -> Result<Response, CourierError> {
        switch endpoint.sampleResponseClosure() {
        case .networkResponse(let statusCode, let data):
            .success(
                Response(
                    statusCode: statusCode, data: data, request: request, http: .made(nil), fileURL: nil, origin: .stub)
            )
        case .response(let response, let data):
            .success(
                Response(
                    statusCode: response.statusCode, data: data, request: request, http: .made(response), fileURL: nil,
                    origin: .stub))
        case .networkError(let error):
            .failure(.underlying(error, nil))
        }
    }

    /// Sends `request` over the transport, through the cache when the target's policy uses one:
    /// reads what it needs of the target on the caller's isolation, then leaves it for the
    /// exchange itself.
    ///
    /// Inlined into the step: as a function of its own it was one more `async` frame, and each
    /// request in flight holds its frames in slabs of task memory that two frames of its size rarely
    /// share (see the Performance article).
    @inline(__always)
    private func send(
        _ request: URLRequest, _ exchange: Exchange<Target>, progress: ProgressReporter?,
        isolation: isolated (any Actor)?
    ) async -> Result<Response, CourierError> {
        let transportExchange = self.transportExchange(for: exchange, progress: progress)
        guard let use = cacheUse(for: exchange) else {
            let result = await transportExchange.send(request)
            invalidateCache(after: request, result)
            return result
        }
        return await cachedSend(request, use, transportExchange)
    }

    /// Sends `request` through the cache, with the lookup of it already made, if any. Out of
    /// ``send(_:_:progress:isolation:)`` for the reason ``sample(_:request:after:)`` is.
    @inline(never)
    func cachedSend(
        _ request: URLRequest, _ use: CacheUse, _ transportExchange: TransportExchange,
        looked: HTTPCache.LookupAndGeneration? = nil
    ) async -> Result<Response, CourierError> {
        await CachedExchange.cachedTransfer(
            request, use, coalescer: cacheCoalescer, looked: looked, transfer: transportExchange.send)
    }

    /// What the exchange of `exchange` with the transport needs, read on the caller's isolation.
    ///
    /// Not inlined into ``send(_:_:progress:isolation:)``: in an async function every value lives in
    /// the task's memory, and this work made that frame 3.5 KiB, which a new task allocated afresh
    /// for each request.
    @inline(never)
    func transportExchange(for exchange: Exchange<Target>, progress: ProgressReporter?) -> TransportExchange {
        let target = exchange.anyTarget
        return TransportExchange(
            transport: transport, directTransport: directTransport, maximumResponseSize: maximumResponseSize,
            body: exchange.body, bodyKnownBeforeSending: exchange.bodyKnownBeforeSending,
            destination: exchange.task.downloadDestination.map {
                DownloadMover.holdingBack($0, unless: target.validationType)
            },
            timeoutIntervalForResource: target.timeoutIntervalForResource, progress: progress,
            credentialHeaders: target.credentialHeaders, resumption: exchange.resumption,
            checksSessionHeaders: checksSessionHeaders)
    }
}
