/// Progress of a request as the completion API's ``ProgressBlock`` receives it.
///
/// `progress` rises from 0 to 1 and is 1 exactly once, in the final event, which also carries the
/// response. (Moya reports 1.0 twice: when the bytes are done and again with the response.) While
/// the length of the body is unknown, `progress` stays 0 and ``totalUnitCount`` is `nil`; use
/// ``completedUnitCount`` to show bytes instead of a fraction. Uploads count the bytes sent, every
/// other request the bytes received. A failed request has no final event: its completion or
/// error says why.
public struct ProgressResponse: Sendable {
    /// Bytes transferred so far.
    public let completedUnitCount: Int64
    /// Bytes expected, or `nil` when unknown.
    public let totalUnitCount: Int64?
    /// The response, present only in the final event.
    public let response: Response?

    /// Creates a progress event.
    /// - Parameters:
    ///   - completedUnitCount: Bytes transferred so far. `0` by default.
    ///   - totalUnitCount: Bytes expected. `nil` by default.
    ///   - response: The response, for the final event. `nil` by default.
    public init(completedUnitCount: Int64 = 0, totalUnitCount: Int64? = nil, response: Response? = nil) {
        self.completedUnitCount = completedUnitCount
        self.totalUnitCount = totalUnitCount
        self.response = response
    }

    /// Whether the request has finished: true only in the final event.
    public var completed: Bool { response != nil }

    /// The fraction done, 0…1: 1 when completed, 0 while the total is unknown.
    public var progress: Double {
        if completed { return 1 }
        guard let total = totalUnitCount, total > 0 else { return 0 }
        return min(Double(completedUnitCount) / Double(total), 1)
    }
}

/// Receives progress events of a request made with the completion API.
public typealias ProgressBlock = (ProgressResponse) -> Void
