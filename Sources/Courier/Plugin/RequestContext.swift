/// Which request and attempt the pipeline is running, readable by plugins as ``current``.
///
/// `willSend`, `didReceive` and the other plugin methods of one attempt see the same context, so a
/// logger can pair a request with its response, and measure the time between them, without
/// shared state of its own.
public struct RequestContext: Sendable, Hashable {
    /// A number that identifies the request within the process; the same for all its attempts.
    public let id: UInt64
    /// The attempt, starting at 1.
    public let attempt: Int
    /// Whether the provider answers this request from a stub.
    public let isStubbed: Bool
    /// When the attempt started.
    public let startedAt: ContinuousClock.Instant

    /// The context of the attempt the current task is running, or `nil` outside a request.
    @TaskLocal public static var current: RequestContext?

    private static let counter = LockedValue<UInt64>(0)

    /// Creates a context.
    /// - Parameters:
    ///   - id: The request's identifier.
    ///   - attempt: The attempt, starting at 1.
    ///   - isStubbed: Whether the answer comes from a stub.
    ///   - startedAt: When the attempt started. Now by default.
    public init(id: UInt64, attempt: Int, isStubbed: Bool, startedAt: ContinuousClock.Instant = .now) {
        self.id = id
        self.attempt = attempt
        self.isStubbed = isStubbed
        self.startedAt = startedAt
    }

    /// A context for a new request, with the next identifier.
    static func first(isStubbed: Bool) -> RequestContext {
        let id = counter.withLock { count in
            count &+= 1
            return count
        }
        return RequestContext(id: id, attempt: 1, isStubbed: isStubbed)
    }

    /// The context of the next attempt of the same request.
    func nextAttempt() -> RequestContext {
        RequestContext(id: id, attempt: attempt + 1, isStubbed: isStubbed)
    }
}
