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
/// ``Provider/runAttempts(_:step:)``: it sends with `HTTPTransport.stream(_:)` (or plays a
/// scripted stub), answers the head as the ``Response`` the rest of the attempt validates and
/// shows to plugins, and keeps the body aside as `Held`. The pipeline hands back the `Held` of the
/// attempt it delivers and ``release`` of every other one (retried, failed after `process`, or
/// cancelled), so an abandoned body is closed at once.
struct ExchangeStep<Held: Sendable>: Sendable {
    /// Answers `request`, as every plugin left it, for an attempt that `stubClosure` decided to
    /// answer with `stub`; returns the response (for a stream, its head) and what is kept aside.
    let exchange: @Sendable (_ request: URLRequest, _ stub: StubBehavior) async -> (Outcome, Held?)
    /// Lets go of what an attempt kept aside when that attempt is not delivered.
    let release: @Sendable (Held) -> Void

    typealias Outcome = Result<Response, CourierError>
}

extension Provider {
    /// The step of a request whose response is held in memory or downloaded: the endpoint's
    /// sample for a stub, after its delay; otherwise the transport, within the target's total
    /// limit.
    func standardStep(_ exchange: Exchange<Target>, progress: ProgressReporter?) -> ExchangeStep<Never> {
        ExchangeStep(
            exchange: { request, stub in
                switch stub {
                case .never:
                    return (await self.send(request, exchange, progress: progress), nil)
                case .immediate:
                    return (Self.sample(exchange.endpoint, request: request), nil)
                case .delayed(let seconds):
                    do {
                        try await Task.sleep(for: .seconds(seconds))
                    } catch {
                        return (.failure(.cancelled), nil)
                    }
                    return (Self.sample(exchange.endpoint, request: request), nil)
                }
            },
            release: { _ in })
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

    /// Sends `request` over the transport, failing with `URLError(.timedOut)` when the target's
    /// ``TargetType/timeoutIntervalForResource`` passes first.
    private func send(_ request: URLRequest, _ exchange: Exchange<Target>, progress: ProgressReporter?) async
        -> Result<Response, CourierError>
    {
        let body: TransportRequest.Body
        do throws(CourierError) {
            body = try await exchange.body?.body(for: request) ?? .inRequest
        } catch {
            return .failure(error)
        }
        let target = exchange.target
        var transportRequest = TransportRequest(
            urlRequest: request,
            body: body,
            destination: exchange.endpoint.task.downloadDestination.map {
                DownloadMover.holdingBack($0, unless: target.validationType)
            },
            progress: progress?.transferHandler,
            maximumResponseSize: maximumResponseSize)
        transportRequest.timeoutIntervalForResource = target.timeoutIntervalForResource
        do {
            let answer = try await ResourceDeadline.run(transportRequest.timeoutIntervalForResource) {
                [transport, transportRequest] in try await transport.send(transportRequest)
            }
            return .success(
                Response(
                    statusCode: answer.response.statusCode, data: answer.data, request: request,
                    response: answer.response, fileURL: answer.fileURL))
        } catch {
            if let timedOut = error as? ResourceDeadline.Exceeded { return .failure(.underlying(timedOut.error, nil)) }
            if Task.isCancelled || (error as? URLError)?.code == .cancelled { return .failure(.cancelled) }
            return .failure(.wrapping(error))
        }
    }
}
