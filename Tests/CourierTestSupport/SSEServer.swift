import Courier
import Foundation

/// `scripts/sse-server.py`, the scripted server-sent events server started by `scripts/test.sh`
/// (its URL in `COURIER_SSE_URL`).
public enum SSEServer {
    /// What the server saw of the connections of one tag (`?tag=NAME` on a route).
    public struct Stats: Decodable, Sendable {
        /// Whether the client closed a tagged connection before its body ended.
        public let closed: Bool
        /// The body bytes the server has handed to the connection so far.
        public let bytesSent: Int
        /// How many tagged requests arrived.
        public let connections: Int
        /// The `Last-Event-ID` header of each request to `/events/resume`, `nil` for none.
        public let lastEventIDs: [String?]
    }

    /// The server's base URL (skips the test when it is missing; fails it under `CI=true`).
    public static func baseURL(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try TestServer.url(from: "COURIER_SSE_URL", file: file, line: line)
    }

    /// A fresh tag for one test's connections.
    public static func newTag() -> String {
        "t" + UUID().uuidString.prefix(8).lowercased()
    }

    /// What the server saw of the connections tagged `tag`.
    public static func stats(_ tag: String, at baseURL: URL) async throws -> Stats {
        var components = URLComponents(url: baseURL.appendingPathComponent("stats"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "tag", value: tag)]
        guard let url = components?.url else { throw URLError(.badURL) }
        let (data, _) = try await URLSession.shared.data(from: url)
        return try JSONDecoder().decode(Stats.self, from: data)
    }

    /// Polls the stats of `tag` until `condition` holds or `seconds` pass; returns the last stats.
    public static func waitForStats(
        _ tag: String, at baseURL: URL, within seconds: Double = 5, until condition: (Stats) -> Bool
    ) async throws -> Stats {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var stats = try await self.stats(tag, at: baseURL)
        while !condition(stats), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            stats = try await self.stats(tag, at: baseURL)
        }
        return stats
    }

    /// The `/script` path and query that makes the server write `pieces` as separate flushes,
    /// `delay` milliseconds apart.
    public static func scriptQuery(_ pieces: [[UInt8]], delayMilliseconds delay: Int = 5) -> [URLQueryItem] {
        let list = pieces.map { Data($0).base64EncodedString() }
        let json = (try? JSONEncoder().encode(list)) ?? Data("[]".utf8)
        let encoded = json.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return [URLQueryItem(name: "pieces", value: encoded), URLQueryItem(name: "delay", value: String(delay))]
    }
}
