/// Which status codes a provider accepts as success for a target.
///
/// A response whose status code is not accepted fails with ``CourierError/statusCode(_:)``,
/// for real and stubbed responses alike.
public enum ValidationType: Sendable, Hashable {
    /// Every status code is accepted.
    case none
    /// 2xx codes are accepted.
    case successCodes
    /// 2xx and 3xx codes are accepted.
    case successAndRedirectCodes
    /// Exactly these codes are accepted. An empty list accepts every code, like `.none`.
    case customCodes([Int])

    /// The accepted status codes; empty when every code is accepted.
    public var statusCodes: [Int] {
        switch self {
        case .none: []
        case .successCodes: Array(200..<300)
        case .successAndRedirectCodes: Array(200..<400)
        case .customCodes(let codes): codes
        }
    }

    /// Whether `statusCode` passes this validation. Allocates nothing.
    public func accepts(_ statusCode: Int) -> Bool {
        switch self {
        case .none: true
        case .successCodes: (200..<300).contains(statusCode)
        case .successAndRedirectCodes: (200..<400).contains(statusCode)
        case .customCodes(let codes): codes.isEmpty || codes.contains(statusCode)
        }
    }
}
