import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a provider turns an endpoint into a `URLRequest`: the asynchronous closure, or Moya's
/// callback closure adapted to it.
enum RequestMaker {
    typealias Outcome = Result<URLRequest, CourierError>

    /// Moya's form: the closure calls back once, at once or later.
    case callback((Endpoint, @escaping @Sendable (Outcome) -> Void) -> Void)
    /// The primary form, run in a task of its own and awaited with prompt cancellation.
    case async((Endpoint) async -> Outcome)

    /// Where making a request stands once it has been asked for.
    enum Started: Sendable {
        /// The request, or why it could not be made, without waiting.
        case ready(Outcome)
        /// The request is being made; await it here.
        case pending(@Sendable () async -> Outcome)
    }

    /// Starts making the request for `endpoint`. A callback closure that answers synchronously
    /// (as the default one does) gives `.ready`; anything else must be awaited.
    func start(_ endpoint: Endpoint) -> Started {
        switch self {
        case .async(let make):
            // In a task of its own, as Moya's form of the same closure runs: a cancelled request
            // stops waiting at once, even for a closure that waits on without looking, and the
            // task is cancelled so that a closure that looks sees it.
            let call = CallerIsolated((make, endpoint))
            return .pending(PromptAnswer.start(cancelled: { .failure(.cancelled) }, { await Self.run(call) }))
        case .callback(let closure):
            let answer = PromptAnswer<Outcome> { .failure(.cancelled) }
            closure(endpoint) { answer.give($0) }
            if let outcome = answer.takeIfGiven() { return .ready(outcome) }
            return .pending { await answer.value() }
        }
    }

    /// Awaits an `async` request closure, which runs where its own isolation says (an app's
    /// closure on the actor it was written on).
    private static func run(_ call: CallerIsolated<((Endpoint) async -> Outcome, Endpoint)>) async -> Outcome {
        await call.value.0(call.value.1)
    }
}
