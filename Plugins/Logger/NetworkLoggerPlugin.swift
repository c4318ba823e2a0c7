import Courier

/// Logs every request and its response, with secrets hidden.
///
/// ```swift
/// let provider = Provider<GitHub>(plugins: [NetworkLoggerPlugin()])
/// // Courier: [2025-01-14T12:34:56.789Z] [#7 attempt 1] Request: https://api.github.com/zen
/// // Courier: [2025-01-14T12:34:56.789Z] [#7 attempt 1] Request Headers: ["Accept-Encoding": …]
/// // Courier: [2025-01-14T12:34:56.789Z] [#7 attempt 1] HTTP Request Method: GET
/// // Courier: [2025-01-14T12:34:56.912Z] [#7 attempt 1] Response: 200 in 123.4 ms { URL: … }
/// ```
///
/// The entries keep Moya's texts (`Request:`, `Request Headers:`, `Request Body:`,
/// `HTTP Request Method:`, `Response:`, `Response Body:`, `Error: Error calling <target> : …`),
/// and add what Moya lacks:
/// - the request's id and attempt on every line (from ``RequestContext/current``), and a
///   `stubbed` mark for stubbed requests;
/// - the status code and the time since the attempt started on the response line;
/// - bodies that are readable: JSON pretty-printed, long bodies cut with their size stated,
///   binary bodies summarised as `<4096 bytes, image/png>`;
/// - secrets hidden by ``Configuration/redaction`` (``Redaction/default``) in headers, URLs,
///   JSON and form bodies, the cURL line and error descriptions.
///
/// Each `willSend` and each `didReceive` makes one call to ``Configuration/output`` with all its
/// entries. The plugin holds no mutable state, so one instance serves any number of concurrent
/// requests.
public struct NetworkLoggerPlugin: SynchronousPlugin {
    /// What is logged, how, and where to.
    public var configuration: Configuration

    /// Creates a logger.
    /// - Parameter configuration: What is logged, how, and where to. `Configuration()` by default:
    ///   ``Configuration/LogOptions-swift.struct/default`` options, secrets redacted, written to
    ///   standard output.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Logs the request: its URL, and as the options say its headers, body and method, or a
    /// cURL command that replays it.
    public func willSend(_ request: any RequestType, target: any TargetType) {
        configuration.output(target, LogEntries(configuration: configuration, target: target).request(request))
    }

    /// Logs the response (status code, elapsed time, headers and, as the options say, its body),
    /// or the error.
    public func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        configuration.output(target, LogEntries(configuration: configuration, target: target).result(result))
    }
}
