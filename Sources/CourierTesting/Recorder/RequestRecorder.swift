import Courier

/// A plugin that records every request the provider sends, as it leaves after all plugins, for
/// real and stubbed requests alike.
///
/// ```swift
/// let recorder = RequestRecorder()
/// let provider = Provider(stubs: Stubs<API>(), plugins: [AccessTokenPlugin { _ in "t0k3n" }, recorder])
/// _ = try await provider.request(.createUser(name: "Ada"))
/// try recorder.single()
///     .expect(method: .post)
///     .expect(header: "Authorization", equals: "Bearer t0k3n")
/// ```
///
/// It records in `willSend`, which every provider calls after all plugins' `prepare` and `adapt`,
/// so its place in the plugin list does not matter. Each attempt is one record: a retried
/// request is recorded once per attempt. An attempt that a plugin failed before it was sent is
/// recorded too, as far as it was built; a request that could not be built at all is not.
public final class RequestRecorder: SynchronousPlugin {
    private let records = LockedValue<[RecordedRequest]>([])

    /// Creates a recorder with no records.
    public init() {}

    /// Every recorded request, oldest first.
    public var requests: [RecordedRequest] { records.withLock { $0 } }

    /// The most recent request, or `nil` when none was recorded.
    public var last: RecordedRequest? { records.withLock { $0.last } }

    /// The only recorded request.
    /// - Throws: ``RequestExpectationFailure`` when none or several were recorded.
    @discardableResult
    public func single(fileID: String = #fileID, line: Int = #line) throws(RequestExpectationFailure)
        -> RecordedRequest
    {
        let all = requests
        guard all.count == 1 else {
            let list = all.map { "  \($0.summary)" }.joined(separator: "\n")
            throw RequestExpectationFailure(
                "Expected exactly one request, but \(all.count) were recorded" + (all.isEmpty ? "." : ":\n" + list),
                fileID: fileID, line: line)
        }
        return all[0]
    }

    /// Forgets every record.
    public func removeAll() {
        records.withLock { $0.removeAll() }
    }

    /// Records the request.
    public func willSend(_ request: any RequestType, target: any TargetType) {
        guard let urlRequest = request.request else { return }
        let record = RecordedRequest(
            urlRequest: urlRequest, target: target, sessionHeaders: request.sessionHeaders,
            context: RequestContext.current)
        records.withLock { $0.append(record) }
    }
}
