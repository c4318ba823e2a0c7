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
                do {
                    try await Task.sleep(for: .seconds(seconds))
                } catch {
                    return ExchangeAnswer(.failure(.cancelled))
                }
                return ExchangeAnswer(Self.sample(exchange.endpoint, request: request))
            }
        }
    }

    /// The answer of a stubbed attempt: the endpoint's sample response, asked for each attempt.
    static func sample(_ endpoint: Endpoint, request: URLRequest) -> Result<Response, CourierError> {
        switch endpoint.sampleResponseClosure() {
        case .networkResponse(let statusCode, let data):
            .success(Response(statusCode: statusCode, data: data, request: request, response: nil))
        case .response(let response, let data):
            .success(Response(statusCode: response.statusCode, data: data, request: request, response: response))
        case .networkError(let error):
            .failure(.underlying(error, nil))
        }
    }

    /// Sends `request` over the transport: reads what it needs of the target on the caller's
    /// isolation, then leaves it for the exchange itself.
    private func send(
        _ request: URLRequest, _ exchange: Exchange<Target>, progress: ProgressReporter?,
        isolation: isolated (any Actor)?
    ) async -> Result<Response, CourierError> {
        let target = exchange.anyTarget
        let sending = Sending(
            destination: exchange.task.downloadDestination.map {
                DownloadMover.holdingBack($0, unless: target.validationType)
            },
            timeoutIntervalForResource: target.timeoutIntervalForResource)
        return await transfer(request, exchange, sending, progress: progress)
    }

    /// What ``send(_:_:progress:isolation:)`` read of the target for the transfer.
    private struct Sending: Sendable {
        let destination: DownloadDestination?
        let timeoutIntervalForResource: TimeInterval?
    }

    /// Exchanges `request` with the transport, off the caller's actor, failing with
    /// `URLError(.timedOut)` when the target's ``TargetType/timeoutIntervalForResource`` passes
    /// first: enforced here, or by one of Courier's own transports (``DirectTransport``), which is
    /// then spared a task per request.
    private func transfer(
        _ request: URLRequest, _ exchange: Exchange<Target>, _ sending: Sending, progress: ProgressReporter?
    ) async -> Result<Response, CourierError> {
        let body: TransportRequest.Body
        switch await transportBody(for: request, exchange) {
        case .success(let ready): body = ready
        case .failure(let error): return .failure(error)
        }
        var transportRequest = TransportRequest(
            urlRequest: request,
            body: body,
            destination: sending.destination,
            progress: progress?.transferHandler,
            maximumResponseSize: maximumResponseSize)
        transportRequest.timeoutIntervalForResource = sending.timeoutIntervalForResource
        do {
            let answer: DirectAnswer
            if let directTransport {
                answer = try await directTransport.exchange(transportRequest)
            } else {
                let sent = try await ResourceDeadline.run(transportRequest.timeoutIntervalForResource) {
                    [transport, transportRequest] in try await transport.send(transportRequest)
                }
                answer = DirectAnswer(
                    statusCode: sent.response.statusCode, http: .made(sent.response), data: sent.data,
                    fileURL: sent.fileURL)
            }
            return .success(
                Response(
                    statusCode: answer.statusCode, data: answer.data, request: request, http: answer.http,
                    fileURL: answer.fileURL))
        } catch {
            return .failure(ResourceDeadline.courierError(for: error))
        }
    }

    /// The body the transport reads for `request`: the request's own, or the upload file, the
    /// multipart body written to a temporary file, or the checked download destination. A
    /// multipart body's `Content-Length` is checked once it is written (see ``handOver(_:failure:_:)``).
    func transportBody(for request: URLRequest, _ exchange: Exchange<Target>) async -> Result<
        TransportRequest.Body, CourierError
    > {
        let body: TransportRequest.Body
        do throws(CourierError) {
            body = try await exchange.body?.body(for: request) ?? .inRequest
        } catch {
            return .failure(error)
        }
        if exchange.bodyKnownBeforeSending == nil,
            let refusal = RequestValidation.refusal(of: request, body: body, sessionHeaders: transport.sessionHeaders)
        {
            return .failure(refusal)
        }
        return .success(body)
    }
}
