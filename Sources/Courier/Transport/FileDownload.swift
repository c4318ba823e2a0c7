import Foundation

/// A download to a file: the body is written piece by piece, as it arrives, to a temporary file of
/// Courier's own, which is moved to its destination before the caller's `await` ends, and removed
/// on every other path (a failed transfer, a cancellation, a destination that refuses it) — except
/// for a download the pipeline can resume (``ResumableDownload``), whose file a failed transfer
/// keeps, appends to on the next attempt, and names in the resume point of its `URLError`, as
/// ``DownloadBodyPlan`` decides.
///
/// A data task feeds it, not a download task: FoundationNetworking leaves the partial `<UUID>.tmp`
/// of a failed or cancelled download task in the temporary folder, under a name nobody is told,
/// and a download task's file cannot be watched as it grows. With the callbacks run as they come
/// (``SessionDelegateQueue``), memory stays flat: a 1 GiB loopback download peaked at 39–42 MiB,
/// against 52–53 MiB for a download task with a completion handler, measured side by side.
final class FileDownload: TaskHandler {
    private struct State {
        var response: HTTPURLResponse?
        var file: FileHandle?
        var fileURL: URL?
        /// The bytes in the file: those of an earlier attempt it continues, then this body's.
        var written: Int64 = 0
        /// How the body is written, for a download the pipeline can resume.
        var plan: DownloadBodyPlan?
        /// Why the temporary file could not be created or written.
        var failure: (any Error)?

        /// The body's whole length, when known: the representation's for a resumable download.
        var total: Int64? { plan?.totalBytes ?? response?.expectedContentLength }
    }

    private let destination: DownloadDestination
    private let folder: URL
    private let resumable: ResumableDownload?
    let meter: TransferMeter
    let run = TaskRun<TransportResponse>()
    let metricsRecorder: TaskMetricsRecorder? = TaskMetricsRecorder()
    private let state = LockedValue(State())

    /// A download for `request` to `destination`, through a temporary file in `folder`.
    init(_ request: TransportRequest, destination: @escaping DownloadDestination, folder: URL) {
        self.destination = destination
        self.folder = folder
        resumable = request.resumable
        meter = TransferMeter(request)
    }

    /// Sends the request with a task from `start` and returns the response with the file's new place.
    func perform(_ start: (any TaskHandler) throws -> URLSessionTask) async throws -> TransportResponse {
        try await run.perform(
            { try start(self) }, whenCancelled: { [self] in releaseFile(failingWith: URLError(.cancelled)) })
    }

    func task(_ task: URLSessionTask, didReceive response: URLResponse) -> Bool {
        let start = state.withLock { state -> BodyPiece in
            let http = response as? HTTPURLResponse
            state.response = http
            // Checked under this lock, which `releaseFile` takes after the run is cancelled: a file
            // made here is either released there or never made.
            guard !run.isCancelled else { return .stop }
            do {
                state.plan = try http.flatMap { http in
                    try DownloadBodyPlan.make(
                        for: resumable, statusCode: http.statusCode, header: http.value(forHTTPHeaderField:))
                }
                try open(&state)
            } catch {
                state.failure = error
                return .stop
            }
            return .kept(state.written, state.total)
        }
        guard case .kept(let offset, _) = start else { return false }
        if offset > 0 { start.settle(task, meter: meter) }  // a resumed download's progress starts where it stopped
        return true
    }

    /// Opens the file the plan says: the partial file to append to, or a new one, as
    /// ``PartialDownloadFile`` allows.
    private func open(_ state: inout State) throws {
        if let (partial, offset) = state.plan?.append {
            guard let descriptor = PartialDownloadFile.reopen(partial, holding: offset) else {
                throw DownloadRestart(reason: "the partial file is gone or changed")
            }
            state.file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            state.fileURL = partial
            state.written = offset
            return
        }
        let fileURL = folder.appendingPathComponent(DownloadResumePoint.partialFileName())
        guard let descriptor = PartialDownloadFile.create(fileURL) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fileURL.path])
        }
        state.fileURL = fileURL
        state.file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    func task(_ task: URLSessionTask, didReceive data: Data) {
        let piece = state.withLock { state -> BodyPiece in
            guard let file = state.file else { return .dropped }
            if let overrun = state.plan?.overrun(fileBytes: state.written + Int64(data.count)) {
                state.failure = overrun
                Self.close(&state)
                return .stop
            }
            do {
                try file.write(contentsOf: data)
                state.written += Int64(data.count)
                return .kept(state.written, state.total)
            } catch {
                state.failure = error
                Self.close(&state)
                return .stop
            }
        }
        piece.settle(task, meter: meter)
    }

    func task(_ task: URLSessionTask, didCompleteWith error: (any Error)?) {
        // Cancelled first (`finish` returns false): the cancellation releases the file, keeping it
        // when it can be resumed, as its error says; a file is made only while the run is not
        // cancelled (see `task(_:didReceive:)`), so none is left unreleased.
        run.finish { outcome(of: task, error: error) }
    }

    /// How the task ended: the file moved to its destination, or the failure.
    private func outcome(of task: URLSessionTask, error: (any Error)?) -> Result<TransportResponse, any Error> {
        let (response, failure) = state.withLock { ($0.response, $0.failure) }
        if let failure { return .failure(releaseFile(failingWith: failure)) }
        if let error {
            // A declined challenge: the 401, with no file.
            if let challenged = run.declinedChallenge(endingWith: error) {
                Self.remove(releaseFile())
                return .success(TransportResponse(response: challenged, metrics: metricsRecorder?.metrics()))
            }
            return .failure(releaseFile(failingWith: error))
        }
        if let shortfall = state.withLock({ $0.plan?.shortfall(fileBytes: $0.written) }) {
            return .failure(releaseFile(failingWith: shortfall))
        }
        let fileURL = releaseFile()
        guard let response, let fileURL else {
            Self.remove(fileURL)
            return .failure(URLError(.badServerResponse))
        }
        return Result {
            TransportResponse(
                response: response, fileURL: try DownloadMover.move(fileURL, for: response, to: destination),
                metrics: metricsRecorder?.metrics())
        }
    }

    /// Takes the file from the state and closes it; later pieces find none and are dropped.
    private func releaseFile() -> URL? {
        state.withLock { state in
            defer {
                Self.close(&state)
                state.fileURL = nil
            }
            return state.fileURL
        }
    }

    /// Releases the file of a transfer that failed with `error`. A download that can be resumed
    /// (a transfer's `URLError` after bytes arrived, not a failure of this handler's own) keeps
    /// its file, and the error returned carries the resume point; otherwise the file is removed
    /// and `error` returned as it is.
    private func releaseFile(failingWith error: any Error) -> any Error {
        let (fileURL, point) = state.withLock { state -> (URL?, DownloadResumePoint?) in
            defer {
                Self.close(&state)
                state.fileURL = nil
            }
            guard let fileURL = state.fileURL, state.failure == nil else { return (state.fileURL, nil) }
            return (fileURL, state.plan?.resumePoint(file: fileURL, bytes: state.written))
        }
        if let point, let urlError = error as? URLError { return urlError.carrying(point) }
        Self.remove(fileURL)
        return error
    }

    /// Closes the file; later pieces find none and are dropped.
    private static func close(_ state: inout State) {
        try? state.file?.close()  // the body is abandoned or complete; a failed close loses nothing we keep
        state.file = nil
    }

    private static func remove(_ fileURL: URL?) {
        guard let fileURL else { return }
        try? FileManager.default.removeItem(at: fileURL)  // already gone is as good as removed
    }
}
