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
    // MARK: - Responses

    /// A `301`, `302`, `303`, `307` or `308` without a `Location` URL can read: FoundationNetworking
    /// keeps the body of such an answer for a redirect it never follows, and delivers it empty.
    case redirectBodyWithoutLocation
    /// A field line starting with `HTTP/` inside a head: a field to libcurl's transport;
    /// FoundationNetworking refuses the head (`URLError(.badServerResponse)`).
    case lineStartingWithHTTPInAHead
    /// One field sent twice, spelled in two cases: libcurl's transport reads both lines (for
    /// `Cache-Control`, both directives count); FoundationNetworking keeps one line of a field it
    /// knows, which one changing from process to process.
    case fieldRepeatedInAnotherCase
    /// A redirect's own body: libcurl's transport reads at most 64 KiB of it, then follows the
    /// redirect; FoundationNetworking reads it whole first.
    case redirectBodyReadWhole

    // MARK: - Failures

    /// A head cut short (a status line, then the connection closed): FoundationNetworking up to
    /// swift-corelibs-foundation 6.3 stops the process (*Transfer completed, but there's no
    /// response*); libcurl's transport fails the request.
    case headCutShort
    /// A `Content-Length` from 2⁶³ − 512 to 2⁶³ − 1: FoundationNetworking stops the process
    /// converting it; libcurl's transport reads the head, and the body that never fills it ends
    /// as a lost connection.
    case contentLengthNearInt64Max

    // MARK: - Progress and measurements

    /// A stream read more slowly than the server writes: libcurl's transport pauses the transfer;
    /// URLSession cannot, and stops the stream past its backlog with `StreamBacklogError`. Memory
    /// stays bounded, but the stop lands through Foundation's queue: a fast server may have sent
    /// far more than the backlog by then, so nothing bounds what it wrote.
    case streamHoldsTheServerBack
    /// A body past `maximumResponseSize` with no announced length: libcurl's transport stops it in
    /// the data callback that crosses the limit; FoundationNetworking's cancel lands through its
    /// queue, and a piece or two more (and malloc arenas on other Dispatch threads) may come first,
    /// so the process may grow by up to about 20 MiB more before it stops.
    case sizeLimitStopsInTheDataCallback
    /// ``Response/metrics``' transactions: one per hop over libcurl; none from FoundationNetworking,
    /// which never reports a task's metrics.
    case transactionMetrics

    // MARK: - What the server receives

    /// FoundationNetworking sends `Content-Length: 0` with every request without a body but a
    /// `GET`'s (a `DELETE`, an `OPTIONS`); libcurl's transport sends none (RFC 9110 §8.6).
    case contentLengthOfABodilessRequest
    /// FoundationNetworking adds `Connection: keep-alive`, which HTTP/1.1 means anyway.
    case connectionKeepAlive
    /// The `Accept-Encoding` a request gets: libcurl's transport offers brotli and zstd too when
    /// its libcurl decodes them.
    case acceptEncoding

    /// Whether Apple's URLSession differs from libcurl here as FoundationNetworking does; when not,
    /// it is expected to answer as `CurlTransport` does.
    public var holdsOnApplePlatforms: Bool {
        switch self {
        case .streamHoldsTheServerBack, .connectionKeepAlive: true
        default: false
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
