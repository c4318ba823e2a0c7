import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends HTTP Basic authentication (RFC 7617) with the credential a closure returns for each
/// target.
///
/// ```swift
/// let plugin = CredentialsPlugin { _ in URLCredential(user: "user", password: "passwd", persistence: .none) }
/// ```
///
/// The `Authorization: Basic <base64(user:password)>` header is set in `prepare`, before the
/// request is sent, so it works on every platform, Linux included, without waiting for a server
/// challenge. Returning `nil`, or a credential without a password (a client certificate), leaves
/// the request as it is. User and password are encoded as UTF-8; a user name containing `:`
/// cannot be told apart from its password by the server (RFC 7617 §2).
public struct CredentialsPlugin: SynchronousPlugin {
    /// Returns the credential for a target, or `nil` for none.
    public typealias CredentialClosure = (_ target: any TargetType) -> URLCredential?

    private let credentialsClosure: CredentialClosure

    /// Creates a plugin that asks `credentialsClosure` for each request's credential.
    public init(credentialsClosure: @escaping CredentialClosure) {
        self.credentialsClosure = credentialsClosure
    }

    /// Sets the `Authorization` header from the closure's credential.
    public func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        guard let credential = credentialsClosure(target), let user = credential.user,
            let password = credential.password
        else { return request }
        var request = request
        let encoded = Data("\(user):\(password)".utf8).base64EncodedString()
        request.setValue("Basic \(encoded)", forHTTPHeaderField: "Authorization")
        return request
    }
}
