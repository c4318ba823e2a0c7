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
    /// Whether the provider answers this attempt from a stub. Decided for each attempt by the
    /// provider's `stubClosure`, which runs with ``current`` naming the attempt (and this property
    /// `false`, as the closure is deciding it).
    public let isStubbed: Bool
    /// When the attempt started.
    public var startedAt: ContinuousClock.Instant { started.instant }

    /// ``startedAt``, kept at a size known when compiling (see ``FixedInstant``): a context is part
    /// of every attempt's plan, which the pipeline's `async` frames hold for each request.
    private let started: FixedInstant

    /// The context of the attempt the current task is running, or `nil` outside a request.
    public static var current: RequestContext? { running }

    /// What ``current`` reads; the pipeline sets it for each attempt (`$running.withValue`). Not
    /// public: a plugin reads the context, only the pipeline says which attempt is running.
    @TaskLocal package static var running: RequestContext?

    private static let lastID = LockedValue<UInt64>(0)

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
        started = FixedInstant(startedAt)
    }

    /// The identifier of a new request.
    static func nextID() -> UInt64 {
        lastID.withLock { id in
            id &+= 1
            return id
        }
    }
}
