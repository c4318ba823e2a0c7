import Foundation

/// A TLS connection was refused: the server's certificate or key was not one to trust. Carried by
/// ``CourierError/underlying(_:_:)``. Thrown by `CurlTransport` for every TLS failure, and by
/// ``URLSessionTransport`` on Apple platforms when it refuses a server's certificate or key itself:
/// a transport given a ``ServerTrustPolicy`` other than ``ServerTrustPolicy/system`` checks every
/// server so. Its other TLS failures (a handshake that breaks off), and every one of a transport
/// without a policy, are URLSession's own `URLError`s (`.serverCertificateUntrusted`…).
public struct TLSError: Error, LocalizedError, Sendable, Hashable {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// The server's public key matches none of the pins configured for the host.
        case pinnedKeyMismatch
        /// The certificate has expired, or is not valid yet.
        case certificateExpired
        /// The certificate was issued for another host name.
        case hostNameMismatch
        /// No trusted certificate authority issued the certificate (self-signed, or an unknown CA).
        case untrustedCertificate
        /// The file of trusted certificates could not be read, or holds no certificate.
        case trustedCertificatesUnreadable
        /// The TLS handshake failed for another reason (protocol or cipher mismatch, a reset).
        case handshakeFailed
    }

    /// What was wrong.
    public let reason: Reason
    /// The host the connection was for.
    public let host: String
    /// The TLS library's own words, for logs. (From ``URLSessionTransport``, for a key that matches
    /// no pin: the key's own hash, as a pin would name it.)
    public let detail: String

    /// Creates the error.
    /// - Parameters:
    ///   - reason: What was wrong.
    ///   - host: The host the connection was for.
    ///   - detail: The TLS library's own words. Empty by default.
    public init(_ reason: Reason, host: String, detail: String = "") {
        self.reason = reason
        self.host = host
        self.detail = detail
    }

    /// The closest `URLError` code, for code that sorts failures by it (retry policies).
    public var urlErrorCode: URLError.Code {
        switch reason {
        case .certificateExpired: .serverCertificateHasBadDate
        case .untrustedCertificate, .hostNameMismatch, .pinnedKeyMismatch: .serverCertificateUntrusted
        case .trustedCertificatesUnreadable, .handshakeFailed: .secureConnectionFailed
        }
    }

    /// Says what was wrong, with which host, and what to check.
    public var errorDescription: String? {
        let what =
            switch reason {
            case .pinnedKeyMismatch:
                "the server's public key matches none of the keys pinned for \(host); the connection was refused"
            case .certificateExpired: "the certificate of \(host) has expired (or is not valid yet)"
            case .hostNameMismatch: "the certificate presented by \(host) was issued for another host name"
            case .untrustedCertificate:
                "the certificate of \(host) is not signed by a trusted authority (self-signed or an unknown CA); "
                    + "add its CA with trustedCertificates if you trust it"
            case .trustedCertificatesUnreadable: "the file of trusted certificates could not be read"
            case .handshakeFailed: "the TLS handshake with \(host) failed"
            }
        return "TLS error: " + what + (detail.isEmpty ? "." : " (\(detail)).")
    }
}
