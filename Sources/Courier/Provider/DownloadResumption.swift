import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The resume point of one download request, carried from attempt to attempt, so that a retry
/// continues where the last attempt stopped rather than from the first byte.
///
/// - Before an attempt is sent, ``prepare(_:)`` checks the point (its partial file still intact)
///   and asks for the rest with `Range` and `If-Range`; a point whose file is gone or changed
///   size is dropped, and the attempt starts from the first byte.
/// - After it, ``settle(_:)`` takes the point the failure carries; a failure without a point of
///   its own (the connection refused before anything arrived) carries the one it had. A `416` or
///   another validator first has the attempt sent again whole (``restarts(_:)``).
/// - When the request ends, ``finish(_:)`` removes the partial file unless the caller's error
///   carries its point: no partial file outlives a download nobody can resume.
///
/// A partial file is claimed by one request at a time, in the process: a second request given the
/// same point while the first still uses it starts from the first byte, as two writers appending to
/// one file would corrupt it.
final class DownloadResumption: Sendable {
    private struct State {
        var point: DownloadResumePoint?
        /// The point the attempt under way continues.
        var inFlight: DownloadResumePoint?
        /// The partial file this request has claimed.
        var claimed: String?
    }

    /// The partial files claimed by requests under way, by path.
    private static let claims = LockedValue(Set<String>())

    private let url: URL
    private let state: LockedValue<State>

    /// The resumption of a download of `url`, from `point` when given.
    private init(url: URL, point: DownloadResumePoint?) {
        self.url = url
        state = LockedValue(State(point: point))
    }

    deinit {
        let claimed = state.withLock { $0.claimed }
        if let claimed { _ = Self.claims.withLock { $0.remove(claimed) } }
    }

    /// The resumption of `request` for `task`, or `nil` when it is not a download Courier can
    /// resume: a `GET` download, without a `Range` of its own, sent by a transport that writes
    /// downloads itself (`resumes`). A `point` for such a request that cannot be resumed is
    /// discarded: it starts again from the first byte.
    /// - Throws: ``DownloadResumeError`` for a `point` given to a target that is not a download,
    ///   or made for another URL; its file is left alone.
    static func make(for task: HTTPTask, request: URLRequest, from point: DownloadResumePoint?, resumes: () -> Bool)
        throws(CourierError) -> DownloadResumption?
    {
        guard task.downloadDestination != nil else {
            if point != nil { throw .underlying(DownloadResumeError.notADownload, nil) }
            return nil
        }
        guard let url = request.url else { return nil }
        if let point, point.url != url {
            throw .underlying(DownloadResumeError.differentURL(resumePoint: point.url, request: url), nil)
        }
        guard (request.httpMethod ?? "GET") == "GET", request.value(forHTTPHeaderField: "Range") == nil, resumes()
        else {
            point?.discard()
            return nil
        }
        return DownloadResumption(url: url, point: point)
    }

    /// `request` for the next attempt: asking for the rest of the download when its point is
    /// intact and not claimed by another request; as it is otherwise, the point dropped.
    func prepare(_ request: URLRequest) -> URLRequest {
        let point = state.withLock { state -> DownloadResumePoint? in
            defer { state.inFlight = state.point }
            guard let point = state.point else { return nil }
            let path = point.partialFileURL.path
            if state.claimed != path {
                Self.release(&state)
                guard Self.claims.withLock({ $0.insert(path).inserted }) else {
                    state.point = nil  // another request appends to it: start from the first byte, apart
                    return nil
                }
                state.claimed = path
            }
            guard point.fileIsIntact else {
                point.discard()  // gone or changed: start again cleanly
                state.point = nil
                return nil
            }
            return point
        }
        return point?.continuing(request) ?? request
    }

    /// What the transport is told about the attempt under way.
    var transportPlan: ResumableDownload {
        ResumableDownload(url: url, continuing: state.withLock { $0.inFlight })
    }

    /// Takes in an attempt's outcome: the point a failure carries (the previous file removed when
    /// the new point names another). Returns the outcome with the point on a failure whose
    /// `URLError` has none of its own, so that the caller (and a retry plugin) can resume from it.
    /// A success keeps the point: a `503` that validation lets through, say, left the partial file
    /// as it was, for a retry; one that was the download moved or replaced it.
    func settle(_ result: Result<Response, CourierError>) -> Result<Response, CourierError> {
        state.withLock { state in
            state.inFlight = nil
            guard case .failure(let error) = result else { return result }
            if let carried = error.resumePoint {
                if let old = state.point, old.partialFileURL != carried.partialFileURL { old.discard() }
                Self.claim(carried, in: &state)
                return result
            }
            guard let point = state.point, point.fileIsIntact, let carrying = error.carrying(point) else {
                return result
            }
            return .failure(carrying)
        }
    }

    /// Whether `result` says to start again from the first byte (``DownloadRestart``); the point
    /// is then dropped and its file removed.
    func restarts(_ result: Result<Response, CourierError>) -> Bool {
        guard case .failure(.underlying(let error, _)) = result, error is DownloadRestart else { return false }
        state.withLock { state in
            state.point?.discard()
            state.point = nil
            state.inFlight = nil
            Self.release(&state)
        }
        return true
    }

    /// The request's final outcome, with the point on a cancellation that came between attempts;
    /// removes the partial file unless the outcome carries its point.
    func finish(_ result: Result<Response, CourierError>) -> Result<Response, CourierError> {
        state.withLock { state in
            defer { Self.release(&state) }
            guard let point = state.point else { return result }
            if case .failure(let error) = result {
                if error.resumePoint?.partialFileURL == point.partialFileURL { return result }
                if let carrying = error.carrying(point), point.fileIsIntact { return .failure(carrying) }
            }
            point.discard()
            state.point = nil
            return result
        }
    }

    /// Makes `point` the current one, claimed by this request.
    private static func claim(_ point: DownloadResumePoint, in state: inout State) {
        let path = point.partialFileURL.path
        if state.claimed != path {
            release(&state)
            claims.withLock { _ = $0.insert(path) }
            state.claimed = path
        }
        state.point = point
    }

    /// Lets go of the file this request claimed.
    private static func release(_ state: inout State) {
        guard let claimed = state.claimed else { return }
        claims.withLock { _ = $0.remove(claimed) }
        state.claimed = nil
    }
}
