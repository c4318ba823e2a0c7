import Dispatch

/// Delivers the completion API's callbacks where Moya delivers them:
/// - on the given queue, when the request or the provider names one;
/// - otherwise inside the `request` call, when the outcome is ready before it returns (an
///   immediate stub), so tests can assert right after calling `request`;
/// - otherwise on the main queue.
final class CompletionDelivery: Sendable {
    private enum State {
        case inCall
        case ready(Result<Response, CourierError>)
        case returned
    }

    private let queue: DispatchQueue?
    private let completion: Completion
    private let state = LockedValue(State.inCall)

    init(queue: DispatchQueue?, completion: @escaping Completion) {
        self.queue = queue
        self.completion = completion
    }

    /// Delivers the outcome, or keeps it for ``callerReturned()`` while `request` is still running.
    func deliver(_ result: Result<Response, CourierError>) {
        if let queue {
            queue.async { self.completion(result) }
            return
        }
        let kept = state.withLock { state -> Bool in
            guard case .inCall = state else { return false }
            state = .ready(result)
            return true
        }
        if !kept {
            DispatchQueue.main.async { self.completion(result) }
        }
    }

    /// Delivers a progress event by the same rules.
    func deliver(_ event: ProgressResponse, to block: @escaping ProgressBlock) {
        if let queue {
            queue.async { block(event) }
        } else if state.withLock({ if case .inCall = $0 { true } else { false } }) {
            block(event)
        } else {
            DispatchQueue.main.async { block(event) }
        }
    }

    /// Called when `request` is about to return: delivers an outcome that is already there.
    func callerReturned() {
        let ready = state.withLock { state -> Result<Response, CourierError>? in
            defer { state = .returned }
            if case .ready(let result) = state { return result }
            return nil
        }
        if let ready { completion(ready) }
    }
}

/// Called once with the outcome of a request made with the completion API.
public typealias Completion = @Sendable (Result<Response, CourierError>) -> Void
