import Courier

/// A request reached ``Stubs`` that no rule matches, and unmatched targets fail
/// (``StubResponse/unstubbed``).
public struct UnstubbedTargetError: Error, LocalizedError, CustomStringConvertible, Sendable, Hashable {
    /// The target, as `String(describing:)` shows it.
    public let target: String
    /// The request's method and URL, e.g. `GET https://api.github.com/zen`.
    public let request: String

    /// Creates the error.
    /// - Parameters:
    ///   - target: The target's description.
    ///   - request: The request's method and URL.
    public init(target: String, request: String) {
        self.target = target
        self.request = request
    }

    /// Names the target and what to do.
    public var description: String {
        "No stub for \(target) (\(request)): no rule of this test's Stubs matches it. "
            + "Add one with stubs.on(...), or let unmatched targets answer their sample data."
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
