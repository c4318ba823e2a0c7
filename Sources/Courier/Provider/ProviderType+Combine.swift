#if canImport(Combine)
    import Combine
    import Dispatch
    import Foundation

    extension ProviderType {
        /// A publisher of the response to `target`, as CombineMoya's `requestPublisher` was: each
        /// subscription sends the request when its subscriber first asks for a value, publishes the
        /// response and finishes, or fails with the ``CourierError``; cancelling the subscription
        /// cancels the request.
        ///
        /// ```swift
        /// provider.requestPublisher(.userProfile("octocat"))
        ///     .filterSuccessfulStatusCodes()
        ///     .map(User.self)
        ///     .sink(receiveCompletion: { _ in }, receiveValue: { user in self.user = user })
        ///     .store(in: &cancellables)
        /// ```
        ///
        /// Values arrive where ``Provider/request(_:callbackQueue:progress:completion:isolation:)``
        /// runs a completion for a caller isolated to no actor: on `callbackQueue` if given, else
        /// the provider's, else the main queue (an immediate stub: inside the subscribing call).
        /// In async code, `try await provider.request(target)` needs no publisher.
        /// - Parameters:
        ///   - target: The target.
        ///   - callbackQueue: Where values and the completion are published. `nil` by default.
        public func requestPublisher(_ target: Target, callbackQueue: DispatchQueue? = nil)
            -> AnyPublisher<Response, CourierError>
        {
            RequestPublisher(responseStart(target, callbackQueue: callbackQueue))
                .eraseToAnyPublisher()
        }

        /// A publisher of the progress of the request for `target`, the last event with the
        /// response, as CombineMoya's `requestWithProgressPublisher` was; it finishes after that
        /// event or fails with the ``CourierError``. See ``requestPublisher(_:callbackQueue:)`` for
        /// when it is sent and where values arrive; `filterCompleted()` and `filterProgress()` pick
        /// one kind of event.
        /// - Parameters:
        ///   - target: The target.
        ///   - callbackQueue: Where values and the completion are published. `nil` by default.
        public func requestWithProgressPublisher(_ target: Target, callbackQueue: DispatchQueue? = nil)
            -> AnyPublisher<ProgressResponse, CourierError>
        {
            RequestPublisher(progressStart(target, callbackQueue: callbackQueue))
                .eraseToAnyPublisher()
        }
    }

    /// Sends one request per subscription, when the subscriber first asks for a value (the rules
    /// are ``DemandedRequest``'s). Like CombineMoya's publisher, it publishes what the request
    /// delivers without counting demand: the subscribers apps use (`sink`, `assign`) ask for all.
    struct RequestPublisher<Output>: Publisher {
        typealias Failure = CourierError

        let start: DemandedRequest<Output>.Start

        init(_ start: @escaping DemandedRequest<Output>.Start) {
            self.start = start
        }

        func receive<S: Subscriber>(subscriber: S) where Failure == S.Failure, Output == S.Input {
            let request = DemandedRequest<Output>(
                start: start,
                receive: { value in _ = subscriber.receive(value) },
                complete: { error in subscriber.receive(completion: error.map { .failure($0) } ?? .finished) })
            subscriber.receive(subscription: RequestSubscription(request))
        }
    }

    /// A subscription to a ``RequestPublisher``: demand sends the request, cancel cancels it.
    final class RequestSubscription<Output>: Subscription {
        private let request: DemandedRequest<Output>

        init(_ request: DemandedRequest<Output>) {
            self.request = request
        }

        func request(_ demand: Subscribers.Demand) {
            if demand > .none { request.demand() }
        }

        func cancel() {
            request.cancel()
        }
    }
#endif
