import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request a plugin's `willSend` sees.
public protocol RequestType: Sendable {
    /// The request as it will be sent, after every plugin; `nil` when it could not be built.
    var request: URLRequest? { get }

    /// Headers the transport adds to every request (for example `User-Agent`); the request's own
    /// headers win over them. Empty by default.
    var sessionHeaders: [String: String] { get }
}

extension RequestType {
    /// No session headers.
    public var sessionHeaders: [String: String] { [:] }

    /// A `curl` command that replays the request, with secrets hidden by ``Redaction/default``.
    public func cURLDescription() -> String {
        cURLDescription(redacting: .default)
    }

    /// A `curl` command that replays the request, with secrets hidden by `redaction`.
    public func cURLDescription(redacting redaction: Redaction) -> String {
        guard let request else { return "curl (invalid request)" }
        return CURLCommand(request: request, sessionHeaders: sessionHeaders, redaction: redaction).text
    }
}
