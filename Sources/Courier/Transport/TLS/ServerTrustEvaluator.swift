import Foundation

/// How ``URLSessionTransport`` checks a server on Apple platforms, as `CurlTransport` has libcurl
/// check it: the certificate chain first (the system's authorities, or the policy's own), then the
/// pins of the host, on every connection.
///
/// What is decided is here, in plain Swift, tested on Linux; the steps that need the Security
/// framework (evaluating a `SecTrust`, reading its key) are in `ServerTrustEvaluator+Security.swift`
/// and hand their results to ``failure(host:evaluate:serverKey:)``.
struct ServerTrustEvaluator: Sendable {
    /// The policy's authorities, read when the transport is made.
    enum Anchors: Sendable, Hashable {
        /// The DER certificates of the policy's file.
        case certificates([Data])
        /// The file could not be used; why.
        case unreadable(String)
    }

    /// What evaluating a chain came to.
    enum Evaluation: Sendable, Hashable {
        /// The chain leads to a trusted authority and suits the host.
        case trusted
        /// It does not: the Security framework's status code (an `OSStatus`) and its words.
        case refused(status: Int, detail: String)
        /// The policy's authorities could not be handed to the evaluation; why.
        case anchorsUnusable(String)
    }

    let pins: PublicKeyPins
    /// `nil`: the system's authorities.
    let anchors: Anchors?

    /// - Parameter policy: The transport's policy. Its file of authorities is read here.
    init(_ policy: ServerTrustPolicy) {
        pins = policy.pins
        anchors = policy.trustedCertificates.map { file in
            switch PEMCertificates.read(file) {
            case .success(let certificates): .certificates(certificates)
            case .failure(let unreadable): .unreadable(unreadable.detail)
            }
        }
    }

    /// What ``URLSessionTransport`` does with `policy` on this platform: nothing of its own for
    /// ``ServerTrustPolicy/system`` (URLSession's default handling); an evaluator for its session's
    /// delegate where the Security framework is; elsewhere, the error every request fails with,
    /// since FoundationNetworking asks no delegate about a server's certificate.
    static func forSession(_ policy: ServerTrustPolicy) -> Result<Self?, ServerTrustPolicyUnsupportedError> {
        guard !policy.isSystem else { return .success(nil) }
        #if canImport(Security)
            return .success(ServerTrustEvaluator(policy))
        #else
            return .failure(ServerTrustPolicyUnsupportedError(policy: policy))
        #endif
    }

    /// Why a connection to `host` must be refused, or `nil` when it may go on.
    /// - Parameters:
    ///   - host: The host of the connection, as the challenge names it.
    ///   - evaluate: Evaluates the server's chain, against these authorities instead of the
    ///     system's when they are given.
    ///   - serverKey: The DER SubjectPublicKeyInfo of the server's key; `nil` for a kind of key
    ///     that cannot be rebuilt. Called only for a pinned host whose chain is trusted.
    func failure(
        host: String, evaluate: (_ anchors: [Data]?) -> Evaluation, serverKey: () -> [UInt8]?
    ) -> TLSError? {
        var authorities: [Data]?
        switch anchors {
        case .unreadable(let detail): return TLSError(.trustedCertificatesUnreadable, host: host, detail: detail)
        case .certificates(let certificates): authorities = certificates
        case nil: authorities = nil
        }
        switch evaluate(authorities) {
        case .trusted: break
        case .refused(let status, let detail):
            return TLSError(Self.reason(forStatus: status), host: host, detail: detail)
        case .anchorsUnusable(let detail): return TLSError(.trustedCertificatesUnreadable, host: host, detail: detail)
        }
        guard let pinned = pins.hashes(for: host) else { return nil }
        guard let key = serverKey() else {
            return TLSError(
                .pinnedKeyMismatch, host: host, detail: "the server's key is of a kind that cannot be pinned here")
        }
        let hash = SHA256.base64Hash(key)
        guard pinned.contains(hash) else {
            return TLSError(
                .pinnedKeyMismatch, host: host, detail: "the server's key is \(PublicKeyPins.curlPrefix)\(hash)")
        }
        return nil
    }

    /// The reason for a failed evaluation, by the Security framework's status code: the certificate
    /// has expired or is not valid yet (`errSecCertificateExpired`, `errSecCertificateNotValidYet`),
    /// it names another host (`errSecHostNameMismatch`), or any other refusal of the chain
    /// (`errSecNotTrusted` for an unknown authority, a revoked certificate…), which is the chain
    /// not being trusted.
    static func reason(forStatus status: Int) -> TLSError.Reason {
        switch status {
        case -67818, -67819: .certificateExpired
        case -67602: .hostNameMismatch
        default: .untrustedCertificate
        }
    }
}
