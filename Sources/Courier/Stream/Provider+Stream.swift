import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Provider {
    /// Sends the request for `target` and returns as soon as its response head has arrived and
    /// passed the target's ``TargetType/validationType``; the body is read from the returned
    /// stream as it arrives.
    ///
    /// ```swift
    /// let stream = try await provider.stream(.chat(prompt))
    /// for try await delta in stream.events.decode(Delta.self, until: "[DONE]") { print(delta.text) }
    /// ```
    ///
    /// The request runs the whole pipeline of ``request(_:)``: `prepare`, `adapt` and `willSend`,
    /// then the stub or the transport, validation, `didReceive` and `process` with the head (its
    /// data empty), and retries decided on the head. ``StreamPluginType`` plugins hear once more
    /// when the stream ends. Stubbed attempts play a stream of a ``StreamStubbing`` plugin, or the
    /// endpoint's sample data as one chunk.
    ///
    /// - The target's ``TargetType/timeoutIntervalForResource`` bounds the wait for the head, not
    ///   the body, which lasts as long as the server sends it; `timeoutInterval` still ends a
    ///   transfer that stalls. The provider's `maximumResponseSize` does not apply: the body is
    ///   never held whole.
    /// - Cancelling the calling task before the head arrives fails with ``CourierError/cancelled``;
    ///   afterwards, see ``StreamedResponse`` for how reading stops.
    /// - The target and the plugins are used on the caller's isolation (`isolation`), as in
    ///   ``request(_:isolation:)->Response``, and so is a reconnection's; the body is read wherever the
    ///   caller reads it.
    /// - Parameters:
    ///   - target: The target.
    ///   - isolation: The caller's isolation; leave it out.
    /// - Throws: ``CourierError``; a refused status fails with ``CourierError/statusCode(_:)``,
    ///   whose response holds the start of the body (at most 64 KiB, read for at most 5 s).
    public func stream(_ target: Target, isolation: isolated (any Actor)? = #isolation) async throws(CourierError)
        -> StreamedResponse
    {
        try await openStream(target, lastEventID: nil, monitor: nil, isolation: isolation)
    }

    /// Opens the stream for `target`, sending `lastEventID` as `Last-Event-ID` when reconnecting,
    /// and reporting its end to `monitor` (a new one for a new stream).
    func openStream(
        _ target: Target, lastEventID: String?, monitor: StreamMonitor?, isolation: isolated (any Actor)?
    ) async throws(CourierError) -> StreamedResponse {
        var exchange = await makeExchange(target, isolation: isolation)
        if let lastEventID, var request = exchange.request {
            request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID")
            exchange = Exchange(target: target, endpoint: exchange.endpoint, id: exchange.id, made: .success(request))
        }
        let answer = await runAttempts(exchange, step: streamStep(exchange), isolation: isolation)
        let head: Response
        switch answer.result {
        case .success(let response): head = response
        case .failure(let error):
            exchange.body?.cleanUp()
            throw error
        }
        let body = answer.held as? StreamedBody ?? StreamedBody(body: .whole(head.data), context: nil)
        let emptyHead = Response(
            statusCode: head.statusCode, data: Data(), request: head.request, http: head.http, fileURL: nil,
            origin: head.origin, measured: head.measured)
        var reconnect: StreamSource.Reconnect?
        if target.method == .get {
            // The caller's target, in a box: the reconnection runs on the caller's isolation.
            let call = CallerIsolated(target)
            let reopen = CallerIsolated {
                (lastEventID: String?, monitor: StreamMonitor?, isolation: isolated (any Actor)?) async -> Result<
                    StreamedResponse, CourierError
                > in
                do throws(CourierError) {
                    return .success(
                        try await self.openStream(
                            call.value, lastEventID: lastEventID, monitor: monitor, isolation: isolation))
                } catch {
                    return .failure(error)
                }
            }
            let caller = isolation
            reconnect = { lastEventID, monitor in try await reopen.value(lastEventID, monitor, caller).get() }
        }
        return StreamedResponse(
            source: StreamSource(
                response: emptyHead, body: body.body,
                monitor: monitor ?? streamMonitor(exchange, head: head, context: body.context, isolation: isolation),
                decoder: target.decoder, reconnect: reconnect))
    }

    /// The monitor of a new stream: at its end it lets go of the request's body files and tells
    /// the ``StreamPluginType`` plugins, in the context of the attempt that got the head, on the
    /// caller's isolation: at once for a caller on no actor, else in a task on its actor.
    private func streamMonitor(
        _ exchange: Exchange<Target>, head: Response, context: RequestContext?, isolation: (any Actor)?
    ) -> StreamMonitor {
        // The caller's plugins and target, in a box: they are told on the caller's isolation.
        let listeners = CallerIsolated((plugins.compactMap { $0 as? any StreamPluginType }, exchange.anyTarget))
        let tell = CallerIsolated { (summary: StreamSummary) in
            RequestContext.$running.withValue(context) {
                for listener in listeners.value.0 { listener.didFinishStream(summary, target: listeners.value.1) }
            }
        }
        let body = exchange.body
        let hasListeners = !listeners.value.0.isEmpty
        return StreamMonitor(statusCode: head.statusCode) { summary in
            body?.cleanUp()
            guard hasListeners else { return }
            guard let isolation else { return tell.value(summary) }
            Task { await callStreamListeners(tell, summary, isolation: isolation) }
        }
    }

    /// The exchange step of a streamed attempt: the transport's stream, or a stub's; the head
    /// answers for the attempt and the body is kept aside. A head the target refuses carries the
    /// start of its body, as a plain request's error does.
    private func streamStep(_ exchange: Exchange<Target>) -> ExchangeStep {
        ExchangeStep { request, stub, isolation in
            let context = RequestContext.current
            let answer: Result<StreamHead, CourierError>
            switch stub {
            case .never:
                answer = await Self.sendStreamed(request, self.transportExchange(for: exchange, progress: nil))
            case .immediate:
                answer = self.stubbedStream(request, exchange)
            case .delayed(let seconds):
                do {
                    try await Task.sleep(for: .saturating(seconds: seconds))
                    answer = self.stubbedStream(request, exchange)
                } catch {
                    answer = .failure(.cancelled)
                }
            }
            let head: StreamHead
            switch answer {
            case .success(let success): head = success
            case .failure(let error): return ExchangeAnswer(.failure(error))
            }
            if stub == .never {
                // A successful unsafe method changes what is stored for its URL, as for `request` (RFC 9111 §4.4).
                let answered = Response(
                    statusCode: head.statusCode, data: Data(), request: request, http: .made(head.http), fileURL: nil)
                self.invalidateCache(after: request, .success(answered))
            }
            guard exchange.target.validationType.accepts(head.statusCode) else {
                let start = await RefusedBody.start(of: head.body)
                let response = Response(
                    statusCode: head.statusCode, data: start, request: request, http: .made(head.http), fileURL: nil,
                    origin: stub == .never ? .network : .stub)
                return ExchangeAnswer(.success(response), held: StreamedBody(body: .whole(start), context: context))
            }
            let response = Response(
                statusCode: head.statusCode, data: Data(), request: request, http: .made(head.http), fileURL: nil,
                origin: stub == .never ? .network : .stub)
            return ExchangeAnswer(.success(response), held: StreamedBody(body: head.body, context: context))
        }
    }

    /// Sends `request` with the transport's `stream(_:)`; the target's total limit bounds the wait
    /// for the head only.
    private static func sendStreamed(_ request: URLRequest, _ exchange: TransportExchange) async -> Result<
        StreamHead, CourierError
    > {
        let body: TransportRequest.Body
        switch await exchange.body(for: request) {
        case .success(let ready): body = ready
        case .failure(let error): return .failure(error)
        }
        var transportRequest = TransportRequest(urlRequest: request, body: body)
        transportRequest.originBoundHeaders = exchange.credentialHeaders
        do {
            let stream = try await ResourceDeadline.run(exchange.timeoutIntervalForResource) {
                [transport = exchange.transport, transportRequest] in try await transport.stream(transportRequest)
            }
            return .success(
                StreamHead(http: stream.response, statusCode: stream.response.statusCode, body: stream.body))
        } catch {
            return .failure(ResourceDeadline.courierError(for: error))
        }
    }

    /// A stubbed attempt's stream: the first ``StreamStubbing`` plugin's, or else the endpoint's
    /// sample data in one chunk.
    private func stubbedStream(_ request: URLRequest, _ exchange: Exchange<Target>) -> Result<
        StreamHead, CourierError
    > {
        for case let stubbing as any StreamStubbing in plugins {
            if let stream = stubbing.stubbedStream(for: exchange.anyTarget, request: request) {
                return .success(
                    StreamHead(http: stream.response, statusCode: stream.response.statusCode, body: stream.body))
            }
        }
        return Self.sample(exchange.endpoint, request: request).map { response in
            StreamHead(http: response.response, statusCode: response.statusCode, body: .whole(response.data))
        }
    }
}

/// Calls `tell` with `summary` on `isolation`, the caller's, where its plugins belong.
private func callStreamListeners(
    _ tell: CallerIsolated<(StreamSummary) -> Void>, _ summary: StreamSummary, isolation: isolated any Actor
) {
    tell.value(summary)
}

/// What a streamed attempt keeps aside while the pipeline looks at its head: the body, and the
/// context of the attempt, for the plugins' end-of-stream call. An attempt that is not delivered
/// stops its transfer.
struct StreamedBody: HeldAside {
    let body: ResponseBodyStream
    let context: RequestContext?

    func release() {
        body.cancel()
    }
}

/// A head, from the transport or a stub, and its body still to come.
struct StreamHead: Sendable {
    /// `nil` for a stub's `.networkResponse` sample.
    let http: HTTPURLResponse?
    let statusCode: Int
    let body: ResponseBodyStream
}

extension ResponseBodyStream {
    /// A body that is `data`, whole, in one chunk.
    static func whole(_ data: Data) -> ResponseBodyStream {
        let (body, writer) = makeStream(bufferLimit: Swift.max(data.count, 1))
        writer.yield(data)
        writer.finish()
        return body
    }
}
