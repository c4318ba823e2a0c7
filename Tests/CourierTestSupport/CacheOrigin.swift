import Courier
import Foundation

/// A scripted origin server for cache tests: each path answers with the headers a test chooses,
/// answers conditional requests with `304` when the validators match, and counts what reached it.
///
/// ```swift
/// let origin = try CacheOrigin()
/// origin.route("/news", headers: ["Cache-Control": "max-age=60"])
/// // … requests …
/// XCTAssertEqual(origin.hits("/news"), 1)
/// ```
public final class CacheOrigin: Sendable {
    /// What a path answers.
    public struct Route: Sendable {
        /// The status of a full answer.
        public var status: Int
        /// The headers of a full answer (a `304` repeats the validators and `Cache-Control`).
        public var headers: [String: String]
        /// The body: the route's text and the number of full answers given so far, so a test can
        /// tell a stored body from a new one (`"news #1"`).
        public var body: String
    }

    /// How a path fails instead of answering, as a dying origin does.
    public enum Failure: Sendable, CaseIterable {
        /// Accepts the request and closes the connection without a status line (libcurl's *Empty
        /// reply from server*).
        case emptyReply
        /// Sends a status line and part of a field, then closes the connection.
        case truncatedHead
        /// Resets the connection (a TCP reset) without answering.
        case reset
        /// Answers bytes that are not HTTP (an HTTP/0.9 answer), then closes the connection.
        case notHTTP
        /// Reads the request and never answers: the client's idle timeout ends it.
        case silence

        /// What the server sends, and what it does with the connection then.
        var answer: (bytes: Data, ending: RecordingServer.Ending) {
            switch self {
            case .emptyReply: (Data(), .close)
            case .truncatedHead: (Data("HTTP/1.1 200 OK\r\nContent-Le".utf8), .close)
            case .reset: (Data(), .reset)
            case .notHTTP: (Data("<html>gone</html>\n".utf8), .close)
            case .silence: (Data(), .keepOpen)
            }
        }
    }

    private let server: RecordingServer
    private let routes = LockedValue<[String: Route]>([:])
    private let failures = LockedValue<[String: Failure]>([:])
    private let counts = LockedValue<[String: (full: Int, notModified: Int)]>([:])
    private let requests = LockedValue<[RawRequest]>([])

    /// The server's base URL.
    public var baseURL: URL { server.baseURL }

    /// Starts the server on a free loopback port.
    public init() throws {
        let routes = self.routes
        let counts = self.counts
        let requests = self.requests
        let failures = self.failures
        server = try RecordingServer(answering: { request in
            requests.withLock { $0.append(request) }
            let path = String(request.target.prefix { $0 != "?" })
            if let failure = failures.withLock({ $0[path] }) { return failure.answer }
            let answer = Self.answer(to: request, path: path, routes: routes, counts: counts)
            // A `HEAD` gets the head a `GET` would, without the body.
            return (request.method == "HEAD" ? Self.head(of: answer) : answer, .keepOpen)
        })
    }

    /// The answer the route of `path` gives `request`: a `304` when the validators match, else a
    /// full answer.
    private static func answer(
        to request: RawRequest, path: String, routes: LockedValue<[String: Route]>,
        counts: LockedValue<[String: (full: Int, notModified: Int)]>
    ) -> Data {
        guard let route = routes.withLock({ $0[path] }) else {
            return Self.answer(status: 404, headers: [:], body: "")
        }
        let conditional = request.value(forHeader: "If-None-Match") ?? request.value(forHeader: "If-Modified-Since")
        let validator = route.headers["ETag"] ?? route.headers["Last-Modified"]
        if let conditional, let validator, conditional == validator {
            counts.withLock { $0[path, default: (0, 0)].notModified += 1 }
            let kept = route.headers.filter { ["ETag", "Last-Modified", "Cache-Control", "Date"].contains($0.key) }
            return Self.answer(status: 304, headers: kept, body: nil)
        }
        let number = counts.withLock { counts -> Int in
            counts[path, default: (0, 0)].full += 1
            return counts[path]?.full ?? 0
        }
        return Self.answer(status: route.status, headers: route.headers, body: "\(route.body) #\(number)")
    }

    /// Stops the server.
    public func stop() {
        _ = server.stop()
    }

    /// Makes `path` answer `status` with `headers` and a numbered `body`.
    public func route(_ path: String, status: Int = 200, headers: [String: String], body: String? = nil) {
        failures.withLock { $0[path] = nil }
        routes.withLock { $0[path] = Route(status: status, headers: headers, body: body ?? path) }
    }

    /// Makes `path` fail as `failure` says, until it is routed again.
    public func fail(_ path: String, with failure: Failure) {
        failures.withLock { $0[path] = failure }
    }

    /// How many full answers `path` gave.
    public func hits(_ path: String) -> Int { counts.withLock { $0[path]?.full ?? 0 } }

    /// How many `304`s `path` gave.
    public func notModified(_ path: String) -> Int { counts.withLock { $0[path]?.notModified ?? 0 } }

    /// Every request received, in order.
    public var received: [RawRequest] { requests.withLock { $0 } }

    /// `answer` up to the end of its head.
    private static func head(of answer: Data) -> Data {
        guard let end = answer.range(of: Data("\r\n\r\n".utf8)) else { return answer }
        return answer[..<end.upperBound]
    }

    private static func answer(status: Int, headers: [String: String], body: String?) -> Data {
        var head = "HTTP/1.1 \(status) \(status == 304 ? "Not Modified" : "Scripted")\r\n"
        var headers = headers
        if headers["Date"] == nil { headers["Date"] = HTTPDateFormat.now() }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        let bytes = Data((body ?? "").utf8)
        if body != nil { head += "Content-Length: \(bytes.count)\r\n" }
        return Data((head + "\r\n").utf8) + bytes
    }
}

/// `Date` header values (IMF-fixdate).
public enum HTTPDateFormat {
    /// Now, as an HTTP date.
    public static func now() -> String { string(from: Date()) }

    /// `date` as an HTTP date, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func string(from date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
