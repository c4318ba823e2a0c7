import Courier

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
