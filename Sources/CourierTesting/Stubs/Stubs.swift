import Courier

/// The answers a stubbed provider gives, target by target: set them per test, in one line each.
///
/// ```swift
/// let stubs = Stubs<GitHub>()
/// let provider = Provider(stubs: stubs)
///
/// stubs.on(where: { $0.path.hasPrefix("/users/") }, .timeout, .sampleData)  // a timeout, then sample data
/// stubs.on(.userProfile("ghost"), .status(404))  // newer, so it wins for this target
/// stubs.on(.zen, .string("Keep it logically awesome."))
/// ```
///
/// Rules are checked newest first, so a specific rule added after a general one wins, and a
/// rule added in a test overrides one added in `setUp`. A rule with several responses gives them
/// in turn, one per attempt (a retry gets the next one, with that response's own delay), and
/// repeats its last one.
/// A target that no rule matches answers the `unmatched` response: by default its sample data,
/// as with `Provider(stubClosure: Provider.immediatelyStub)`.
///
/// `Stubs` is a reference type and safe to share: a provider created in `setUp` sees rules added
/// later.
public final class Stubs<Target: TargetType>: Sendable {
    private struct Rule: Sendable {
        let id: Int
        /// The test's closure: called only where requests run, on their caller's isolation.
        let matches: CallerIsolated<(Target) -> Bool>
        let responses: [StubResponse]
        var served = 0

        var next: StubResponse { responses[min(served, responses.count - 1)] }
    }

    /// The fixtures ``StubResponse/fixture(_:in:status:)`` reads when it names none.
    public let fixtures: Fixtures?
    /// What targets that no rule matches answer.
    public let unmatched: StubResponse
    /// How delays pass.
    public let delays: StubDelays

    private let rules = LockedValue<[Rule]>([])
    private let lastRuleID = LockedValue(0)
    /// The response each request's current attempt took, by request id, so that its delay and its
    /// answer are the same response however many requests run at once.
    private let taken = LockedValue<[UInt64: (attempt: Int, response: StubResponse)]>([:])
    /// How many taken responses are kept for attempts that ended before their answer (cancelled
    /// during a delay); the oldest are dropped beyond it.
    private static var takenLimit: Int { 1024 }

    /// Creates stubs with no rules.
    /// - Parameters:
    ///   - fixtures: Where fixture responses are read. `nil` by default.
    ///   - unmatched: What targets that no rule matches answer. ``StubResponse/sampleData`` by
    ///     default; ``StubResponse/fixture(_:in:status:)`` answers every target from its fixture
    ///     file, ``StubResponse/unstubbed`` fails them with ``UnstubbedTargetError``.
    ///   - delays: How delays pass. ``StubDelays/real`` by default.
    public init(fixtures: Fixtures? = nil, unmatched: StubResponse = .sampleData, delays: StubDelays = .real) {
        self.fixtures = fixtures
        self.unmatched = unmatched
        self.delays = delays
    }

    // MARK: - Rules

    /// Answers `target` with `response`, then with each of `more` in turn (the last one repeats).
    /// - Returns: These stubs, to chain rules.
    @discardableResult
    public func on(_ target: Target, _ response: StubResponse, _ more: StubResponse...) -> Stubs
    where Target: Equatable {
        add(matching: { $0 == target }, [response] + more)
    }

    /// Answers every target for which `matches` is true with `response`, then with each of `more`
    /// in turn (the last one repeats).
    /// - Returns: These stubs, to chain rules.
    @discardableResult
    public func on(
        where matches: @escaping (Target) -> Bool, _ response: StubResponse, _ more: StubResponse...
    ) -> Stubs {
        add(matching: matches, [response] + more)
    }

    /// Answers every target for which `matches` is true with each of `responses` in turn (the last
    /// one repeats); for responses built at run time. An empty list adds no rule.
    /// - Returns: These stubs, to chain rules.
    @discardableResult
    public func on(where matches: @escaping (Target) -> Bool, responses: [StubResponse]) -> Stubs {
        guard !responses.isEmpty else { return self }
        return add(matching: matches, responses)
    }

    /// Answers `typed`'s target with `answer` encoded as JSON, with `status`: the answer is of the
    /// typed target's own type, so the compiler checks that the stub answers what the endpoint does.
    ///
    /// ```swift
    /// stubs.on(GitHub.user("octocat"), answer: User(login: "octocat", id: 1))
    /// ```
    /// - Parameters:
    ///   - typed: The typed target whose target is answered.
    ///   - answer: The answer, encoded with `encoder` (sorted keys, by default).
    ///   - status: The status code. `200` by default.
    ///   - encoder: The encoder. `nil` by default: a `JSONEncoder` with sorted keys.
    /// - Returns: These stubs, to chain rules.
    @discardableResult
    public func on<Answer: Encodable & Sendable>(
        _ typed: TypedTarget<Target, Answer>, answer: Answer, status: Int = 200, encoder: JSONEncoder? = nil
    ) -> Stubs where Target: Equatable {
        on(typed.target, .json(answer, status: status, encoder: encoder))
    }

    /// Removes every rule, so that each target answers the `unmatched` response again.
    public func removeAll() {
        rules.withLock { $0.removeAll() }
    }

    private func add(matching matches: @escaping (Target) -> Bool, _ responses: [StubResponse]) -> Stubs {
        let id = lastRuleID.withLock { id in
            id += 1
            return id
        }
        rules.withLock { $0.append(Rule(id: id, matches: CallerIsolated(matches), responses: responses)) }
        return self
    }

    // MARK: - Provider closures

    /// An endpoint closure that keeps `endpointClosure`'s endpoints and answers from these stubs.
    /// ``Provider/init(stubs:endpointClosure:requestClosure:callbackQueue:plugins:trackInflights:)``
    /// uses it; use it yourself to build a provider by hand.
    public func endpointClosure(
        _ endpointClosure: @escaping Provider<Target>.EndpointClosure = {
            Provider<Target>.defaultEndpointMapping(for: $0)
        }
    ) -> Provider<Target>.EndpointClosure {
        { [self] target in
            let endpoint = endpointClosure(target)
            return Endpoint(
                url: endpoint.url,
                sampleResponseClosure: { self.answer(for: target, endpoint: endpoint) },
                method: endpoint.method,
                task: endpoint.task,
                httpHeaderFields: endpoint.httpHeaderFields)
        }
    }

    /// A stub closure that stubs every target: `.delayed` by the delay of the response the
    /// attempt gets when delays are ``StubDelays/real``, `.immediate` otherwise (with
    /// ``StubDelays/manual(_:)`` the wait happens in one of ``plugins``).
    ///
    /// Inside a request it takes the attempt's response, which the endpoint's sample then
    /// answers, so each attempt waits for the delay of exactly the answer it gets. Called outside
    /// a request, it only looks at the next response.
    public var stubClosure: Provider<Target>.StubClosure {
        { [self] target in
            let delay = response(for: target).delay
            guard case .real = delays, delay > 0 else { return .immediate }
            return .delayed(seconds: delay)
        }
    }

    /// The plugins a provider needs for these stubs: the ones that play ``StubResponse/stream(_:)``
    /// and ``StubResponse/webSocket(_:)`` answers, and with ``StubDelays/manual(_:)`` the one that waits for the ``ManualClock``. Add
    /// them after your own plugins.
    public var plugins: [any PluginType] {
        let players: [any PluginType] = [StubbedStreamPlugin(stubs: self), StubbedWebSocketPlugin(stubs: self)]
        guard case .manual(let clock) = delays else { return players }
        return [ManualDelayPlugin(stubs: self, clock: clock)] + players
    }

    // MARK: - Answering

    /// The response of the attempt that ``RequestContext/current`` names: taken the first time
    /// the attempt asks, the same one afterwards. Outside a request, the response `target` gets
    /// next, without using it up.
    func response(for target: Target) -> StubResponse {
        guard let context = RequestContext.current else { return next(for: target, consuming: false) }
        if let taken = taken.withLock({ $0[context.id] }), taken.attempt == context.attempt {
            return taken.response
        }
        let response = next(for: target, consuming: true)
        taken.withLock { taken in
            taken[context.id] = (context.attempt, response)
            if taken.count > Self.takenLimit, let oldest = taken.keys.min() {
                taken[oldest] = nil
            }
        }
        return response
    }

    /// The script of the current attempt, if its response is a ``StubResponse/stream(_:)``; the
    /// response is then used up, as its sample would be.
    func takeStream(for target: Target) -> StreamScript? {
        take(for: target) { body in
            guard case .stream(let script) = body else { return nil }
            return script
        }
    }

    /// The conversation of the current attempt, if its response is a ``StubResponse/webSocket(_:)``;
    /// the response is then used up, as its sample would be.
    func takeWebSocket(for target: Target) -> WebSocketScript? {
        take(for: target) { body in
            guard case .webSocket(let script) = body else { return nil }
            return script
        }
    }

    /// What `extract` finds in the body of the current attempt's response; the response is then
    /// used up, as its sample would be.
    private func take<Script>(for target: Target, _ extract: (StubResponse.Body) -> Script?) -> Script? {
        guard case .answer(_, _, let body) = response(for: target).outcome, let script = extract(body) else {
            return nil
        }
        if let context = RequestContext.current { taken.withLock { _ = $0.removeValue(forKey: context.id) } }
        return script
    }

    /// Turns the response of the current attempt (or, for a provider whose `stubClosure` does not
    /// come from these stubs, the next one) into a sample response.
    private func answer(for target: Target, endpoint: Endpoint) -> EndpointSampleResponse {
        var response: StubResponse?
        if let context = RequestContext.current, let taken = taken.withLock({ $0.removeValue(forKey: context.id) }),
            taken.attempt == context.attempt
        {
            response = taken.response
        }
        return StubAnswer(target: target, endpoint: endpoint, fixtures: fixtures).sample(
            response ?? next(for: target, consuming: true))
    }

    /// The newest matching rule's next response. Rules are matched outside the lock, so a
    /// matching closure may use these stubs too.
    private func next(for target: Target, consuming: Bool) -> StubResponse {
        let snapshot = rules.withLock { $0 }
        guard let id = snapshot.last(where: { $0.matches.value(target) })?.id else { return unmatched }
        return rules.withLock { rules in
            guard let index = rules.firstIndex(where: { $0.id == id }) else { return unmatched }
            defer { if consuming { rules[index].served += 1 } }
            return rules[index].next
        }
    }
}
