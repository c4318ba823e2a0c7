import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Provider {
    /// The step of an attempt between the plugins that prepare a request and those that receive
    /// its outcome: hands `request` over (``handOver(_:failure:_:)``, every `willSend`) and
    /// exchanges it with the stub or the transport by `step`. Returns the answer and the request
    /// as sent.
    ///
    /// A download that can be resumed (``Exchange/resumption``) asks for the rest of its partial
    /// file; when the server says the representation changed (a `416`, another validator), the
    /// request is sent again whole within the attempt, as a redirect is followed, so that plugins
    /// see one request and one outcome; and the outcome carries the resume point of a failure.
    ///
    /// Inlined into the attempt, for the reason ``standardStep(_:progress:)``'s `send` is.
    @inline(__always)
    func send(
        _ request: URLRequest?, failure: CourierError?, _ exchange: Exchange<Target>, _ plan: AttemptPlan,
        step: ExchangeStep, isolation: isolated (any Actor)?
    ) async -> (answer: ExchangeAnswer, sent: URLRequest?) {
        let resumption = plan.stub == .never ? exchange.resumption : nil
        let sent = request.map { resumption?.prepare($0) ?? $0 }
        var answer: ExchangeAnswer
        switch handOver(sent, failure: failure, exchange) {
        case .success(let sending): answer = await step.exchange(sending, plan.stub, isolation)
        case .failure(let error): answer = ExchangeAnswer(.failure(error))
        }
        guard let resumption else { return (answer, sent) }
        if let request, resumption.restarts(answer.result) {
            answer = await step.exchange(request, plan.stub, isolation)
        }
        answer.result = resumption.settle(answer.result)
        return (answer, sent)
    }
}
