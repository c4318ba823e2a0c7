import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request on its way through the pipeline: what every attempt starts from.
///
/// A class, so that the pipeline's generic code passes one reference around rather than copying
/// a value whose layout depends on `Target`.
final class Exchange<Target: TargetType>: @unchecked Sendable {
    // @unchecked Sendable: every property is a `let`, and all but three are Sendable. Those three,
    // `target`, `anyTarget` and `endpoint` (whose sample closure is the caller's), belong to the
    // caller: the pipeline reads them only on the caller's isolation, the invariant of
    // `CallerIsolated`, whose box is not used here only because reading through a generic tuple
    // costs a metadata lookup on every access of the request path.

    /// The target. Only on the caller's isolation.
    let target: Target
    /// The target as plugins see it, boxed once for every call. Only on the caller's isolation.
    let anyTarget: any TargetType
    /// The endpoint. Only on the caller's isolation.
    let endpoint: Endpoint
    /// The endpoint's task, read once on the caller's isolation.
    let task: HTTPTask
    /// Identifies the request in the ``RequestContext`` of each attempt.
    let id: UInt64
    /// The request after `requestClosure`, the target's timeout and the body's checks, before any
    /// plugin; `nil` when `requestClosure` failed.
    let request: URLRequest?
    /// Why the request could not be made: every attempt then fails with it before any plugin
    /// edits the request, and is not retried.
    let failure: CourierError?
    /// The body of an upload or download, made ready the first time an attempt is sent.
    let body: TransferBodySlot?
    /// Where a download that can be resumed stands, carried from attempt to attempt.
    let resumption: DownloadResumption?
    /// Whether the exchange is a WebSocket's handshake, whose `101` is its success whatever the
    /// target's validation says.
    let opensWebSocket: Bool

    /// The exchange for `target`, from what `requestClosure` made of `endpoint`.
    /// - Parameters:
    ///   - point: Where to resume the download from, given by the caller.
    ///   - resumes: Whether the provider's transport can resume downloads; asked for downloads only.
    ///   - opensWebSocket: Whether the request is a WebSocket's handshake (`Provider.webSocket`).
    init(
        target: Target, endpoint: Endpoint, id: UInt64, made: Result<URLRequest, CourierError>,
        resumingFrom point: DownloadResumePoint? = nil, resumes: () -> Bool = { false }, opensWebSocket: Bool = false
    ) {
        self.target = target
        self.anyTarget = target
        self.endpoint = endpoint
        self.task = endpoint.task
        self.id = id
        self.opensWebSocket = opensWebSocket
        var made = made
        if case .success(let request) = made,
            let refusal = Self.webSocketRefusal(request, endpoint.task, opensWebSocket)
        {
            made = .failure(.underlying(refusal, nil))
        }
        switch made {
        case .failure(let error):
            (request, failure, body, resumption) = (nil, error, nil, nil)
        case .success(var request):
            if let timeout = target.timeoutInterval { request.timeoutInterval = timeout }
            do throws(CourierError) {
                try TransferBody.check(&request, for: endpoint.task)
                resumption = try DownloadResumption.make(
                    for: endpoint.task, request: request, from: point, resumes: resumes)
                (failure, body) = (nil, TransferBodySlot.slot(for: endpoint.task))
            } catch {
                (failure, body, resumption) = (error, nil, nil)
            }
            self.request = request
        }
    }

    /// The request's final outcome, the partial file of a download settled (see
    /// ``DownloadResumption/finish(_:)``).
    func finish(_ result: Result<Response, CourierError>) -> Result<Response, CourierError> {
        resumption?.finish(result) ?? result
    }

    /// Why `request` of `task` cannot be sent as asked: a WebSocket target sent as a request, or a
    /// handshake with a body; `nil` when it can.
    private static func webSocketRefusal(_ request: URLRequest, _ task: HTTPTask, _ opensWebSocket: Bool)
        -> WebSocketError?
    {
        if opensWebSocket {
            guard request.httpBody == nil, !task.hasTransferBody else {
                return .wrongTask(
                    "A WebSocket's handshake carries no body: give the target the task .webSocket(protocols:), "
                        + ".requestPlain or parameters in the URL.")
            }
            return nil
        }
        guard task.webSocketProtocols == nil else {
            return .wrongTask(
                "The target's task is .webSocket(protocols:): open it with provider.webSocket(_:), "
                    + "not request(_:) or stream(_:).")
        }
        return nil
    }

    /// What makes two requests the same for `trackInflights`; `nil` when this one is not shared.
    var inflightKey: InflightKey? {
        guard failure == nil, let request else { return nil }
        return InflightKey(request, task: task)
    }

    /// The body as far as it is known before anything is written: the upload file, or the
    /// request's own body; `nil` for a multipart body, which is written only when sent.
    var bodyKnownBeforeSending: TransportRequest.Body? {
        switch task {
        case .uploadFile(let fileURL): .file(fileURL)
        case .uploadMultipartFormData, .uploadCompositeMultipartFormData: nil
        default: .inRequest
        }
    }
}

/// The body a transport reads for an upload or a download: the upload file, the multipart body
/// written to a temporary file, a download destination checked. Made ready once, by the first
/// attempt that is sent (stubbed attempts need none), and cleaned up when the request ends.
final class TransferBodySlot: Sendable {
    private let task: HTTPTask
    private let prepared = LockedValue<TransportRequest.Body?>(nil)

    /// A slot for `task`, or `nil` when its body is simply the request's own. Decided before
    /// anything is made: a failable class initializer would allocate the object first, on every
    /// request.
    static func slot(for task: HTTPTask) -> TransferBodySlot? {
        task.hasTransferBody ? TransferBodySlot(task) : nil
    }

    private init(_ task: HTTPTask) {
        self.task = task
    }

    /// The body to send `request` with, made ready on first use. Attempts run one after another,
    /// so two never prepare at once.
    func body(for request: URLRequest) async throws(CourierError) -> TransportRequest.Body {
        if let body = prepared.withLock({ $0 }) { return body }
        var request = request
        let body = try await TransferBody.prepare(&request, for: task, sending: true)
        prepared.withLock { $0 = body }
        return body
    }

    /// Removes what was written for the request.
    func cleanUp() {
        guard let body = prepared.withLock({ $0 }) else { return }
        TransferBody.cleanUp(body, for: task)
    }
}
