import Courier
import Foundation

/// The loopback HTTPS servers of `scripts/tls-server.py`, started by `scripts/test.sh` (the path of
/// their description in `COURIER_TLS_SERVER`).
public struct TLSServer: Decodable, Sendable {
    /// A server with a valid certificate from the test CA, for `127.0.0.1` and `localhost`.
    public let good: URL
    /// A server whose certificate (from the test CA) has expired.
    public let expired: URL
    /// A server whose certificate (from the test CA) names another host.
    public let wrongHost: URL
    /// The test CA, as a PEM file.
    public let caFile: String
    /// The base64 SHA-256 hash of the servers' public key.
    public let pin: String
    /// Whether the good server speaks HTTP/2.
    public let http2: Bool

    /// Reads the description (skips the test when it is missing; fails it under `CI=true`).
    public static func running(file: StaticString = #filePath, line: UInt = #line) throws -> TLSServer {
        let path = try TestServer.url(from: "COURIER_TLS_SERVER", file: file, line: line)
        return try JSONDecoder().decode(TLSServer.self, from: Data(contentsOf: URL(fileURLWithPath: path.path)))
    }
}

extension TLSServer {
    /// A transport with connections of its own that applies `policy`: `CurlTransport` on Linux
    /// (URLSession cannot apply one there), `URLSessionTransport` on Apple platforms.
    /// - Parameter policy: The trust policy; by default the test authority, no pins.
    public func transport(_ policy: ServerTrustPolicy? = nil) throws -> any HTTPTransport {
        let policy = policy ?? ServerTrustPolicy(trustedCertificates: URL(fileURLWithPath: caFile))
        #if os(Linux)
            var configuration = CurlTransport.Configuration.default
            configuration.serverTrust = policy
            return try CurlTransport(configuration: configuration)
        #else
            return URLSessionTransport(configuration: .ephemeral, serverTrust: policy)
        #endif
    }
}
