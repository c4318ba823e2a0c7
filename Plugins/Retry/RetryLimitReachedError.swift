import Courier

/// The error a request fails with after ``RetryPlugin`` retried it: how many attempts were made,
/// and how the last one failed. Carried by `CourierError.underlying(_, response)` with the last
/// response; a download's `CourierError.resumePoint` is still found through it.
public struct RetryLimitReachedError: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// How many attempts were made, the first included.
    public let attempts: Int
    /// How the last attempt failed.
    public let lastError: CourierError

    /// Creates the error.
    /// - Parameters:
    ///   - attempts: How many attempts were made.
    ///   - lastError: How the last attempt failed.
    public init(attempts: Int, lastError: CourierError) {
        self.attempts = attempts
        self.lastError = lastError
    }

    /// `Gave up after 3 attempts. <the last error>`
    public var errorDescription: String? { description }

    /// `Gave up after 3 attempts. <the last error>`
    public var description: String {
        "Gave up after \(attempts) attempts. \(lastError.description)"
    }
}

extension RetryLimitReachedError: CourierErrorWrapping {
    /// The last attempt's error, where `CourierError.resumePoint` looks for a download's point.
    package var wrappedCourierError: CourierError { lastError }
}
