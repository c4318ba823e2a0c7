import Courier

/// A target that says whether and how ``AccessTokenPlugin`` authorizes its requests.
///
/// ```swift
/// extension MyAPI: AccessTokenAuthorizable {
///     var authorizationType: AuthorizationType? {
///         switch self {
///         case .login: nil
///         default: .bearer
///         }
///     }
/// }
/// ```
public protocol AccessTokenAuthorizable {
    /// The scheme for this target's `Authorization` header; `nil` sends no header.
    var authorizationType: AuthorizationType? { get }
}

extension MultiTarget: AccessTokenAuthorizable {
    /// The wrapped target's authorization type; `nil` when it is not ``AccessTokenAuthorizable``.
    public var authorizationType: AuthorizationType? {
        (target.unwrappedTarget as? any AccessTokenAuthorizable)?.authorizationType
    }
}
