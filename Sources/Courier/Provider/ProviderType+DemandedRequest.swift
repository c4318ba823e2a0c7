import Dispatch

// How the publishers of `ProviderType+Combine.swift` send their request: with the completion API,
// as code isolated to no actor calls it. Written without Combine, so that Linux tests them.
extension ProviderType {
    /// Sends the request for `target`, giving its response then the end (`nil`) to the sinks, or
    /// the end with the error: what `requestPublisher(_:callbackQueue:)` publishes.
    func responseStart(_ target: Target, callbackQueue: DispatchQueue?) -> DemandedRequest<Response>.Start {
        { send, end in
            let completion: Completion = { result in
                switch result {
                case .success(let response):
                    send(response)
                    end(nil)
                case .failure(let error):
                    end(error)
                }
            }
            return request(target, callbackQueue: callbackQueue, progress: nil, completion: completion, isolation: nil)
        }
    }

    /// Sends the request for `target`, giving every progress event (the last with the response)
    /// then the end to the sinks: what `requestWithProgressPublisher(_:callbackQueue:)` publishes.
    func progressStart(_ target: Target, callbackQueue: DispatchQueue?) -> DemandedRequest<ProgressResponse>.Start {
        { send, end in
            let completion: Completion = { result in
                if case .failure(let error) = result { end(error) } else { end(nil) }
            }
            return request(target, callbackQueue: callbackQueue, progress: send, completion: completion, isolation: nil)
        }
    }
}
