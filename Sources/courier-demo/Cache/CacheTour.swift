import Courier
import Foundation

/// The three steps of `courier-demo cache`, against httpbin or the scripted origin.
struct CacheTour {
    /// httpbin's base URL, or `nil` for the scripted origin.
    let origin: URL?
    let console: Console

    /// Runs the steps; 0 when every one answered as a cache should, 1 otherwise.
    func run() async -> Int32 {
        let network = NetworkSwitch(origin == nil ? ScriptedOrigin() : DefaultTransport.shared)
        let base = origin ?? ScriptedOrigin.baseURL
        let provider = Provider<CacheDemoAPI>(transport: network, cache: HTTPCache())
        console.print(
            "A provider with an HTTP cache, talking to \(origin == nil ? "a scripted origin" : base.absoluteString).")
        let steps: [(title: String, target: CacheDemoAPI, expected: ResponseOrigin)] = [
            ("1. An answer fresh for 60 seconds is reused", .cached(base, seconds: 60), .network),
            ("", .cached(base, seconds: 60), .cache),
            ("2. An ETag is revalidated with If-None-Match", .etag(base, "courier"), .network),
            ("", .etag(base, "courier"), .revalidated),
            ("3. Offline, the last answer is better than none", .cached(base, seconds: 0), .network),
            ("", .cached(base, seconds: 0, offline: true), .staleAfterError),
        ]
        var failed = false
        for (title, target, expected) in steps {
            if !title.isEmpty { console.print("", title) }
            network.isOffline = target.isOffline
            let started = ContinuousClock.now
            do {
                let response = try await provider.request(target)
                let elapsed = ContinuousClock.now - started
                let milliseconds =
                    Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
                let place = target.isOffline ? "(offline) " : ""
                console.print(
                    "   \(place)GET \(target.path) → \(response.statusCode) \(Self.describe(response.origin))"
                        + " in \(String(format: "%.1f", milliseconds)) ms")
                failed = failed || response.origin != expected
            } catch {
                console.error("   GET \(target.path) failed: \(error)")
                failed = true
            }
        }
        return failed ? 1 : 0
    }

    private static func describe(_ origin: ResponseOrigin) -> String {
        switch origin {
        case .network: "from the network"
        case .stub: "from a stub"
        case .cache: "from the cache, no request sent"
        case .revalidated: "from the cache after the server's 304 Not Modified"
        case .staleAfterError: "from the cache, stale, because the network failed"
        }
    }
}
