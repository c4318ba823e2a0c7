import Foundation

/// Which servers a transport trusts over TLS: the certificate authorities that may vouch for
/// them, and the public keys a host must present.
///
/// One value serves both transports: `CurlTransport`'s `Configuration.serverTrust` on Linux, and
/// ``URLSessionTransport/init(configuration:serverTrust:)`` on Apple platforms. Both check every
/// connection, a redirect's included, in the same order: the certificate chain first (the
/// system's authorities, or ``trustedCertificates``), then the pins of the host. A failure is a
/// ``TLSError`` with the same ``TLSError/Reason-swift.enum`` on both.
///
/// ```swift
/// let trust = ServerTrustPolicy(pinnedPublicKeys: ["api.example.com": ["k7iFrf4Nsd+QBqQz5PmDq1pRjCyUOgVdT8U4FxBYs6E="]])
/// let transport = URLSessionTransport(serverTrust: trust)
/// ```
///
/// URLSession on Linux (FoundationNetworking) lets no delegate evaluate a server's certificate:
/// there a ``URLSessionTransport`` given any policy but ``system`` fails every request with
/// ``ServerTrustPolicyUnsupportedError`` rather than send it unpinned.
public struct ServerTrustPolicy: Sendable, Hashable {
    /// A PEM file of certificate authorities to trust instead of the system's. `nil` by default:
    /// the system's authorities (on Debian, `/etc/ssl/certs/ca-certificates.crt`; on Apple
    /// platforms, the system's trust store). `CurlTransport` hands the file to libcurl, which reads
    /// it as it sets up connections; ``URLSessionTransport`` reads it once, when it is made. A file
    /// that cannot be read, or holds no certificate, fails every HTTPS connection with
    /// ``TLSError/Reason-swift.enum/trustedCertificatesUnreadable``.
    public var trustedCertificates: URL?

    /// Public-key pins by host name: the base64 SHA-256 hashes of the DER-encoded public keys
    /// (SubjectPublicKeyInfo) a host may present; a connection to a pinned host whose key
    /// matches none of them is refused with ``TLSError/Reason-swift.enum/pinnedKeyMismatch``.
    /// The key checked is the server's own (the first certificate of the chain), after the chain
    /// was found trustworthy: a pin never stands in for the chain.
    ///
    /// Host names match as DNS names do, however the key or the URL writes them: in any case,
    /// with or without one trailing dot, and an internationalised name as Unicode or as its
    /// `xn--` form (`"bücher.example"` pins `https://xn--bcher-kva.example/`). The key `"*"`
    /// pins every host that has no key of its own. A hash may carry libcurl's `sha256//` prefix.
    /// Empty by default. Get one with
    /// `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
    ///
    /// On Apple platforms the hash is computed from the key Security hands over, for RSA keys (any
    /// size) and elliptic-curve keys on P-256, P-384 and P-521; a server with a key of another
    /// kind (Ed25519, say) matches no pin there.
    public var pinnedPublicKeys: [String: [String]]

    /// Creates a policy.
    /// - Parameters:
    ///   - trustedCertificates: A PEM file of certificate authorities to trust instead of the
    ///     system's. `nil` (the system's) by default.
    ///   - pinnedPublicKeys: Base64 SHA-256 hashes of the public keys each host may present.
    ///     Empty (no pins) by default.
    public init(trustedCertificates: URL? = nil, pinnedPublicKeys: [String: [String]] = [:]) {
        self.trustedCertificates = trustedCertificates
        self.pinnedPublicKeys = pinnedPublicKeys
    }

    /// The system's authorities and no pins: what every transport does when given no policy.
    public static var system: ServerTrustPolicy { ServerTrustPolicy() }

    /// Whether the policy asks for nothing beyond the system's own checks: no file of
    /// authorities, and no host with a hash.
    var isSystem: Bool {
        trustedCertificates == nil && pins.isEmpty
    }

    /// The pins, as the transports look them up.
    var pins: PublicKeyPins { PublicKeyPins(pinnedPublicKeys) }
}
