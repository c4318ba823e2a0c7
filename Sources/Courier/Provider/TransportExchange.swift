import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything the exchange of one attempt with the transport needs, gathered on the caller's
/// isolation: `Sendable`, and not generic over the target, so that it can be handed to code that
/// runs off the caller's actor (the cache, a background revalidation) without the target's type.
struct TransportExchange: Sendable {
    let transport: any HTTPTransport
    /// The transport, when it is one of Courier's own that the pipeline calls directly.
    let directTransport: (any DirectTransport)?
    let maximumResponseSize: Int64?
    /// The body of an upload or download, made ready the first time an attempt is sent.
    let body: TransferBodySlot?
    /// The body as far as it is known before anything is written (see ``Exchange/bodyKnownBeforeSending``).
    let bodyKnownBeforeSending: TransportRequest.Body?
    let destination: DownloadDestination?
    let timeoutIntervalForResource: TimeInterval?
    let progress: ProgressReporter?
    /// The target's ``TargetType/credentialHeaders``: no redirect carries them to another origin.
    let credentialHeaders: Set<String>
    /// Where a download that can be resumed stands; `nil` for every other request.
    var resumption: DownloadResumption? = nil
    /// Whether a body known only once written is checked against the transport's session headers
    /// too (``Provider/checksSessionHeaders``).
    let checksSessionHeaders: Bool

    /// Exchanges `request` with the transport, failing with `URLError(.timedOut)` when the
    /// target's ``TargetType/timeoutIntervalForResource`` passes first: enforced here, or by one
    /// of Courier's own transports (``DirectTransport``), which is then spared a task per request.
    /// - Parameters:
    ///   - originBound: Headers of `request` that no redirect carries to another origin (the
    ///     validators a cache added), besides the target's credentials. None by default.
    func send(_ request: URLRequest, originBound: Set<String> = []) async -> Result<Response, CourierError> {
        NetworkExchangeMark.current?.set()
        let body: TransportRequest.Body
        // Most requests have no body to make ready: nothing to wait for.
        switch self.body == nil ? checked(.inRequest, of: request) : await self.body(for: request) {
        case .success(let ready): body = ready
        case .failure(let error): return .failure(error)
        }
        let transportRequest = self.transportRequest(request, body: body, originBound: originBound)
        guard let directTransport else { return await send(transportRequest, of: request) }
        do {
            return .success(Self.response(to: request, try await directTransport.exchange(transportRequest)))
        } catch {
            return .failure(ResourceDeadline.courierError(for: error))
        }
    }

    /// Sends `transportRequest` through a transport that is not one of Courier's own, within the
    /// target's total limit.
    @inline(never)  // a frame of its own, allocated only for such transports
    private func send(_ transportRequest: TransportRequest, of request: URLRequest) async -> Result<
        Response, CourierError
    > {
        do {
            let sent = try await ResourceDeadline.run(transportRequest.timeoutIntervalForResource) {
                [transport, transportRequest] in try await transport.send(transportRequest)
            }
            return .success(Self.response(to: request, sent))
        } catch {
            return .failure(ResourceDeadline.courierError(for: error))
        }
    }

    // What `send` does before and after its awaits is kept in functions of their own: in an async
    // function every value lives in the task's memory, and this work made the frame 3 KiB, which a
    // new task allocated afresh for each request.

    @inline(never)
    private func transportRequest(_ request: URLRequest, body: TransportRequest.Body, originBound: Set<String>)
        -> TransportRequest
    {
        var transportRequest = TransportRequest(
            urlRequest: request, body: body, destination: destination, progress: progress?.transferHandler,
            maximumResponseSize: maximumResponseSize)
        transportRequest.timeoutIntervalForResource = timeoutIntervalForResource
        transportRequest.resumable = resumption?.transportPlan
        transportRequest.originBoundHeaders =
            originBound.isEmpty ? credentialHeaders : originBound.union(credentialHeaders)
        return transportRequest
    }

    @inline(never)
    private static func response(to request: URLRequest, _ answer: DirectAnswer) -> Response {
        Response(
            statusCode: answer.statusCode, data: answer.data, request: request, http: answer.http,
            fileURL: answer.fileURL, measured: answer.measured)
    }

    /// The response is made from the transport's answer itself: its measurements are a value of
    /// some size, copied once rather than through a `DirectAnswer` first.
    @inline(never)
    private static func response(to request: URLRequest, _ sent: TransportResponse) -> Response {
        Response(
            statusCode: sent.response.statusCode, data: sent.data, request: request, http: .made(sent.response),
            fileURL: sent.fileURL, measured: sent.measured)
    }

    /// The body the transport reads for `request`: the request's own, or the upload file, the
    /// multipart body written to a temporary file, or the checked download destination. A
    /// multipart body's `Content-Length` is checked once it is written (see
    /// `Provider.handOver(_:failure:_:)`, which checks every other body).
    @inline(never)  // a frame of its own, allocated only for requests with such a body
    func body(for request: URLRequest) async -> Result<TransportRequest.Body, CourierError> {
        let body: TransportRequest.Body
        do throws(CourierError) {
            body = try await self.body?.body(for: request) ?? .inRequest
        } catch {
            return .failure(error)
        }
        return checked(body, of: request)
    }

    /// `body`, unless the request would not reach the server as it says with it.
    @inline(never)  // kept out of the async functions (see `send`)
    private func checked(_ body: TransportRequest.Body, of request: URLRequest) -> Result<
        TransportRequest.Body, CourierError
    > {
        if bodyKnownBeforeSending == nil,
            let refusal = RequestValidation.refusal(
                of: request, body: body, sessionHeaders: checksSessionHeaders ? transport.sessionHeaders : [:])
        {
            return .failure(refusal)
        }
        return .success(body)
    }
}
