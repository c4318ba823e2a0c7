import Courier

extension Result where Failure == CourierError {
    /// The response a failure carries; `nil` for a success or a failure without one.
    var failureResponse: Response? {
        if case .failure(let error) = self { return error.response }
        return nil
    }
}
