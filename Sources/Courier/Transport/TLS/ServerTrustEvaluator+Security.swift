#if canImport(Security)
    import Foundation
    import Security

    /// The Security framework's part of checking a server: answering URLSession's server-trust
    /// challenge with a `SecTrust` evaluation and the server's key.
    extension ServerTrustEvaluator {
        /// How a server-trust challenge is answered.
        enum Answer: Sendable {
            /// The server is trusted: go on with this credential (`.useCredential`).
            case trusted(URLCredential)
            /// The connection is refused (`.cancelAuthenticationChallenge`); the task fails with
            /// this error.
            case refused(TLSError)
        }

        /// The answer to `challenge`; `nil` when it is not a server-trust challenge.
        ///
        /// The trust the challenge carries keeps the policies URLSession gave it (the SSL policy
        /// for the connection's host name); the policy's authorities, when it has some, replace
        /// the system's as the only anchors, as libcurl's `CURLOPT_CAINFO` does. Evaluation is
        /// synchronous, on the session's delegate queue.
        func answer(_ challenge: URLAuthenticationChallenge) -> Answer? {
            let space = challenge.protectionSpace
            guard space.authenticationMethod == NSURLAuthenticationMethodServerTrust else { return nil }
            guard let trust = space.serverTrust else {
                return .refused(TLSError(.handshakeFailed, host: space.host, detail: "the challenge carries no trust"))
            }
            let refusal = failure(
                host: space.host, evaluate: { Self.evaluate(trust, anchors: $0) },
                serverKey: { Self.subjectPublicKeyInfo(of: trust) })
            return refusal.map(Answer.refused) ?? .trusted(URLCredential(trust: trust))
        }

        /// Evaluates `trust`, against `anchors` alone when they are given.
        private static func evaluate(_ trust: SecTrust, anchors: [Data]?) -> Evaluation {
            if let anchors {
                let certificates = anchors.compactMap { SecCertificateCreateWithData(nil, $0 as CFData) }
                guard certificates.count == anchors.count else {
                    return .anchorsUnusable("a certificate of the file of trusted certificates is not valid DER")
                }
                let status = SecTrustSetAnchorCertificates(trust, certificates as CFArray)
                guard status == errSecSuccess, SecTrustSetAnchorCertificatesOnly(trust, true) == errSecSuccess else {
                    return .anchorsUnusable("the trusted certificates could not be set (status \(status))")
                }
            }
            var error: CFError?
            guard !SecTrustEvaluateWithError(trust, &error) else { return .trusted }
            guard let error else { return .refused(status: Int(errSecNotTrusted), detail: "") }
            return .refused(status: CFErrorGetCode(error), detail: (error as Error).localizedDescription)
        }

        /// The DER SubjectPublicKeyInfo of the server's key (the first certificate's), rebuilt
        /// from its raw form; `nil` for a key that is neither RSA nor on a curve named by
        /// ``SubjectPublicKeyInfo``.
        private static func subjectPublicKeyInfo(of trust: SecTrust) -> [UInt8]? {
            guard let key = SecTrustCopyKey(trust),
                let attributes = SecKeyCopyAttributes(key) as? [String: Any],
                let type = attributes[kSecAttrKeyType as String] as? String,
                let raw = SecKeyCopyExternalRepresentation(key, nil) as Data?
            else { return nil }
            if type == kSecAttrKeyTypeRSA as String { return SubjectPublicKeyInfo.der(rsaPublicKey: raw) }
            if type == kSecAttrKeyTypeECSECPrimeRandom as String {
                return SubjectPublicKeyInfo.der(ellipticCurvePoint: raw)
            }
            return nil
        }
    }
#endif
