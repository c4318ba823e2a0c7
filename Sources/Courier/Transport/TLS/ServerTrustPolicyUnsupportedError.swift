import Foundation

/// ``URLSessionTransport`` was given a ``ServerTrustPolicy`` on a platform whose URLSession lets no
/// delegate evaluate a server's certificate (FoundationNetworking, on Linux). Its pins and
/// authorities would be ignored there, and every connection trusted by the system's rules alone;
/// so every request of that transport fails with this error instead, before anything is sent.
///
/// On Linux, give the same policy to `CurlTransport` (the default transport there) through its
/// configuration's `serverTrust`.
public struct ServerTrustPolicyUnsupportedError: Error, LocalizedError, Sendable, Hashable {
    /// The policy that was refused.
    public let policy: ServerTrustPolicy

    /// Creates the error.
    /// - Parameter policy: The policy that was refused.
    public init(policy: ServerTrustPolicy) {
        self.policy = policy
    }

    /// Says what was refused, why, and what to use instead.
    public var errorDescription: String? {
        var asked: [String] = []
        let hosts = policy.pins.hosts
        if !hosts.isEmpty { asked.append("public-key pins for " + hosts.joined(separator: ", ")) }
        if let file = policy.trustedCertificates { asked.append("the certificate authorities of \(file.path)") }
        return "URLSessionTransport cannot apply a server trust policy (" + asked.joined(separator: " and ")
            + ") here: FoundationNetworking lets no delegate evaluate a server's certificate, so the policy would "
            + "be silently ignored. No request is sent. Use CurlTransport with the same policy in its "
            + "configuration's serverTrust."
    }
}
