import Foundation

/// The transport a ``Provider`` sends with when it is given none.
///
/// - **Linux:** ``CurlTransport/shared``, libcurl driven directly, several times faster than
///   URLSession there. If libcurl cannot be loaded, ``URLSessionTransport/shared`` instead, and
///   ``fallbackReason`` says why (read it once at start-up and log it, if it matters to you; Courier
///   itself prints nothing).
/// - **Apple platforms:** ``URLSessionTransport/shared``.
///
/// The environment variable `COURIER_TRANSPORT` overrides the choice for the whole process:
/// `urlsession` picks ``URLSessionTransport/shared`` everywhere, `curl` the curl transport where it
/// exists. It is read once, when ``shared`` is first used; the test command runs the integration
/// tests once with each. To choose per provider, pass the `transport:` argument instead.
public enum DefaultTransport {
    /// The default transport of this process; see the type's comment.
    public static var shared: any HTTPTransport { choice.transport }

    /// Why ``shared`` is not the curl transport on Linux (libcurl could not be loaded, or
    /// `COURIER_TRANSPORT=urlsession`); `nil` when it is, and on Apple platforms.
    public static var fallbackReason: String? { choice.reason }

    private static let choice: (transport: any HTTPTransport, reason: String?) = {
        let requested = ProcessInfo.processInfo.environment["COURIER_TRANSPORT"]?.lowercased()
        #if os(Linux)
            if requested == "urlsession" {
                return (URLSessionTransport.shared, "COURIER_TRANSPORT=urlsession")
            }
            if let curl = CurlTransport.shared { return (curl, nil) }
            return (URLSessionTransport.shared, CurlTransport.unavailableReason ?? "libcurl is unavailable")
        #else
            _ = requested
            return (URLSessionTransport.shared, nil)
        #endif
    }()
}
