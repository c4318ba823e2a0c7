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
}
