import CourierTesting
import Foundation

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A scripted origin server and the few lines of pipeline that use an ``HTTPCache``, as the provider
/// will: lookup, send, merge a `304`, store, invalidate, fall back on failure. Tests script what the
/// server says, move the clock, fetch, and read where each answer came from.
///
/// Like the WPT `http-cache` server, the origin answers a conditional request with `304` when the
/// request's `If-None-Match` or `If-Modified-Since` matches what it would send, and adds a `Date`.
final class CacheDriver {
    /// What the origin answers for a path.
    struct Script {
        var status = 200
        var headers: [String: String] = [:]
        var body = Data("body".utf8)
        /// Fail to connect instead of answering.
        var failsToConnect = false
    }

    /// Where an answer came from.
    enum Source: Equatable {
        case network
        case cache(CachedResponse.Kind)
        /// The origin answered a conditional request with `304` (by `If-None-Match` when `etag`).
        case validated(etag: Bool)
        case connectionFailed
    }

    /// What a fetch returned.
    struct Answer {
        let status: Int
        let headers: [String: String]
        let body: Data
        let source: Source

        func header(_ name: String) -> String? { HTTPHeaders.value(name, in: headers) }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    static let origin = URL(string: "https://api.example.com")!

    let clock = ManualClock()
    let cache: HTTPCache
    var policy: CachePolicy = .httpSemantics
    /// Every request the origin received, in order.
    private(set) var sent: [URLRequest] = []
    /// Revalidations a stale-while-revalidate answer asked for, not yet run.
    private(set) var background: [CacheRevalidation] = []
    private var scripts: [String: Script] = [:]

    init(configuration: HTTPCache.Configuration = .init(), fileSystem: CacheFileSystem = .posix) {
        var configuration = configuration
        configuration.clock = .manual(clock)
        cache = HTTPCache(configuration: configuration, fileSystem: fileSystem)
    }

    /// The origin answers `path` with `script` from now on.
    func serve(_ path: String, _ script: Script) { scripts[path] = script }

    /// The origin answers `/resource` with `script` from now on.
    func serve(_ script: Script) { serve("/resource", script) }

    /// The origin answers `path` with `status`, `headers` and `body` from now on.
    func serve(_ path: String, status: Int = 200, _ headers: [String: String], body: String = "body") {
        serve(path, Script(status: status, headers: headers, body: Data(body.utf8)))
    }

    /// The origin answers `/resource` with `status`, `headers` and `body` from now on.
    func serve(status: Int = 200, _ headers: [String: String], body: String = "body") {
        serve("/resource", status: status, headers, body: body)
    }

    /// Moves the clock `seconds` forward.
    func advance(_ seconds: Int) { clock.advance(by: .seconds(seconds)) }

    /// An HTTP date `seconds` from the cache's now.
    func date(_ seconds: Int) -> String { HTTPDate.format(cache.now.addingTimeInterval(TimeInterval(seconds))) }

    /// How many requests the origin received.
    var sentCount: Int { sent.count }

    /// Fetches `path` the way the pipeline will.
    @discardableResult
    func fetch(_ path: String = "/resource", method: String = "GET", headers: [String: String] = [:]) -> Answer {
        var request = URLRequest(url: Self.origin.appendingPathComponent(path))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        switch cache.lookup(for: request, policy: policy) {
        case .answer(let cached), .unsatisfiable(let cached):
            return Answer(cached, source: .cache(cached.kind))
        case .answerAndRevalidate(let cached, let revalidation):
            background.append(revalidation)
            return Answer(cached, source: .cache(cached.kind))
        case .validate(let revalidation):
            return exchange(revalidation.request, original: request, revalidation: revalidation)
        case .send(let request):
            return exchange(request, original: request, revalidation: nil)
        }
    }

    /// Runs the background revalidations asked for so far and returns how many ran.
    @discardableResult
    func runBackgroundRevalidations() -> Int {
        let pending = background
        background = []
        for revalidation in pending {
            _ = exchange(revalidation.request, original: revalidation.original, revalidation: revalidation)
        }
        return pending.count
    }

    private func exchange(_ request: URLRequest, original: URLRequest, revalidation: CacheRevalidation?) -> Answer {
        let sentAt = cache.now
        sent.append(request)
        let path = request.url?.path ?? "/"
        let script = scripts[path] ?? Script(status: 404, headers: [:], body: Data())
        if script.failsToConnect {
            if let stale = cache.answer(after: .connection, for: original, policy: policy) {
                return Answer(stale, source: .cache(stale.kind))
            }
            return Answer(status: 0, headers: [:], body: Data(), source: .connectionFailed)
        }
        var headers = script.headers
        if HTTPHeaders.value("Date", in: headers) == nil { headers["Date"] = HTTPDate.format(cache.now) }
        cache.invalidate(after: request, statusCode: script.status, headerFields: headers)
        if let notModified = Self.notModified(request, headers), let revalidation {
            if let merged = cache.update(with: headers, for: revalidation, sentAt: sentAt) {
                return Answer(merged, source: .validated(etag: notModified))
            }
            return exchange(original, original: original, revalidation: nil)
        }
        if [500, 502, 503, 504].contains(script.status),
            let stale = cache.answer(after: .status(script.status), for: original, policy: policy)
        {
            return Answer(stale, source: .cache(stale.kind))
        }
        cache.store(
            statusCode: script.status, headerFields: headers, body: script.body, for: original, policy: policy,
            sentAt: sentAt)
        return Answer(status: script.status, headers: headers, body: script.body, source: .network)
    }

    /// Whether the origin answers `304` (by ETag: `true`; by date: `false`), or `nil` for a full answer.
    private static func notModified(_ request: URLRequest, _ headers: [String: String]) -> Bool? {
        if let tags = request.value(forHTTPHeaderField: "If-None-Match"),
            let etag = HTTPHeaders.value("ETag", in: headers)
        {
            return tags == etag ? true : nil
        }
        if let since = request.value(forHTTPHeaderField: "If-Modified-Since").flatMap(HTTPDate.parse),
            let modified = HTTPHeaders.value("Last-Modified", in: headers).flatMap(HTTPDate.parse), modified <= since
        {
            return false
        }
        return nil
    }
}

extension CacheDriver.Answer {
    init(_ cached: CachedResponse, source: CacheDriver.Source) {
        self.init(status: cached.statusCode, headers: cached.headerFields, body: cached.body, source: source)
    }
}
