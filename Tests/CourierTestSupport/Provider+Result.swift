import Courier

extension Provider {
    /// The outcome of `request(target)` as a `Result`, for asserting on failures and on requests
    /// that tests cancel.
    public func result(_ target: Target) async -> Result<Response, CourierError> {
        do {
            return .success(try await request(target))
        } catch {
            return .failure(error)
        }
    }

    /// The ``TLSError`` `request(target)` failed with (as `CourierError.underlying` without a
    /// response), and the failure's description; `nil` and what happened instead otherwise.
    public func tlsRefusal(_ target: Target) async -> (error: TLSError?, description: String) {
        switch await result(target) {
        case .success: return (nil, "the request succeeded")
        case .failure(let error):
            guard case .underlying(let tls as TLSError, nil) = error else { return (nil, "\(error)") }
            return (tls, error.localizedDescription)
        }
    }
}

extension Result where Success == Response, Failure == CourierError {
    /// The response, whether the request succeeded or failed with one.
    public var response: Response? {
        switch self {
        case .success(let response): response
        case .failure(let error): error.response
        }
    }
}
