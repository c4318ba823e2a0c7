import Courier
import Foundation

/// Every known way `CurlTransport` and `URLSessionTransport` on Linux answer the same server
/// behaviour differently: the list in the Transports article ("Where the transports differ"), one
/// case per row, each with its reason there.
///
/// An integration test that expects a different response, error or progress per transport says
/// which difference it expects with one of these cases, and never branches on the transport by
/// itself. `TransportDifferenceListTests` fails when a suite does, when a case is missing from the
/// article's table (or the table names one that is not here), and when no test named for a case
/// (`test_<case>_…`) pins it.
///
/// ```swift
/// let expected = TransportDifference.redirectBodyWithoutLocation.expected(curl: "moved", urlSession: "")
/// ```
public enum TransportDifference: String, CaseIterable, Sendable {
    /// A `301`, `302`, `303`, `307` or `308` without a `Location` URL can read: FoundationNetworking
    /// keeps the body of such an answer for a redirect it never follows, and delivers it empty.
    case redirectBodyWithoutLocation
    /// A head cut short (a status line, then the connection closed): FoundationNetworking up to
    /// swift-corelibs-foundation 6.3 stops the process (*Transfer completed, but there's no
    /// response*); libcurl's transport fails the request.
    case headCutShort

    /// Whether Apple's URLSession differs from libcurl here as FoundationNetworking does; when not,
    /// it is expected to answer as `CurlTransport` does.
    public var holdsOnApplePlatforms: Bool {
        switch self {
        case .redirectBodyWithoutLocation, .headCutShort: false
        }
    }

    /// What the transport of kind `transport` gives, for this difference: `curl`, or `urlSession`
    /// for URLSession on Linux (and on Apple platforms when ``holdsOnApplePlatforms``).
    public func expected<Value>(over transport: TransportUnderTest = .current, curl: Value, urlSession: Value)
        -> Value
    {
        switch transport {
        case .curl:
            return curl
        case .urlSession:
            #if os(Linux)
                return urlSession
            #else
                return holdsOnApplePlatforms ? urlSession : curl
            #endif
        }
    }

    /// Whether the transport of kind `transport` behaves as libcurl's does here.
    public func behavesAsCurl(over transport: TransportUnderTest = .current) -> Bool {
        expected(over: transport, curl: true, urlSession: false)
    }
}
