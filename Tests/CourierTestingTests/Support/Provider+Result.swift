import Courier

extension Provider {
    /// The outcome of `request(target)` as a `Result`, for asserting on failures.
    func result(_ target: Target) async -> Result<Response, CourierError> {
        do {
            return .success(try await request(target))
        } catch {
            return .failure(error)
        }
    }
}

extension Result {
    /// The failure, or `nil`.
    var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}

extension Result where Failure == CourierError {
    /// The underlying error of a failure, or `nil`.
    var underlyingError: (any Error)? {
        guard case .failure(let error) = self else { return nil }
        return error.underlyingError
    }
}
