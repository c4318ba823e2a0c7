import Courier
import Foundation

/// The HTTP cache's rows (issue 23): a fresh hit from memory against a stubbed request, a fresh
/// hit from disk (reported), and over loopback a `304` revalidation against a full GET of 1 MiB.
enum CacheScenario {
    /// A target of `baseURL` whose requests use the cache by `policy`.
    private struct Cached: TargetType {
        let baseURL: URL
        let path: String
        let policy: CachePolicy
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var validationType: ValidationType { .successCodes }
        var cachePolicy: CachePolicy? { policy }
    }

    /// The two rows that need no server.
    static func hits(_ options: BenchOptions) async throws -> [ScenarioResult] {
        let stubbed = Provider<StubbedAPI>(stubClosure: Provider.immediatelyStub)
        let stubTarget = StubbedAPI.user(id: 42)
        let memory = HTTPCache()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        // No memory tier: every hit reads the entry's file.
        let disk = HTTPCache(configuration: .init(memoryCapacity: 0, directory: folder))
        let target = Cached(
            baseURL: URL(string: "https://api.example.com/v1")!, path: "/users/42", policy: .httpSemantics)
        for cache in [memory, disk] { try prefill(cache, for: target) }
        let inMemory = Provider<Cached>(transport: Unreachable(), cache: memory)
        let onDisk = Provider<Cached>(transport: Unreachable(), cache: disk)
        let operations = options.count(full: 20_000, quick: 5_000)
        if options.profileSide == "memory" {
            // The memory hits alone, for a profiler: `--only cache-hit --profile-side memory`.
            for _ in 0..<200_000 { consume(try await inMemory.request(target)) }
            return [ScenarioResult(id: "cache-hit", scenario: "profiled", goal: .none)]
        }
        let memoryComparison = try await Comparison.measure(
            rounds: options.rounds, operations: operations,
            baseline: { count in for _ in 0..<count { consume(try await stubbed.request(stubTarget)) } },
            courier: { count in for _ in 0..<count { consume(try await inMemory.request(target)) } })
        let diskComparison = try await Comparison.measure(
            rounds: options.rounds, operations: options.count(full: 2_000, quick: 500),
            baseline: { count in for _ in 0..<count { consume(try await stubbed.request(stubTarget)) } },
            courier: { count in for _ in 0..<count { consume(try await onDisk.request(target)) } })
        return [
            ScenarioResult(
                id: "cache-hit-memory", scenario: "fresh cache hit from memory vs a stubbed request",
                comparison: memoryComparison, goal: .maxRatio(2)),
            ScenarioResult(
                id: "cache-hit-disk", scenario: "fresh cache hit from disk (no memory tier) vs a stubbed request",
                comparison: diskComparison, goal: .none),
        ]
    }

    /// A `304` revalidation of the 1 MiB file nginx serves (with its `ETag`) against a full GET of it,
    /// and against a GET of 100 B: a `304` is a round trip of about that size, so the second ratio
    /// is what the cache adds to it (looking up, the conditional request, merging the answer).
    static func revalidation(_ options: BenchOptions, baseURL: URL) async throws -> [ScenarioResult] {
        let full = Cached(baseURL: baseURL, path: "/1m.bin", policy: .none)
        let small = Cached(baseURL: baseURL, path: "/100b.bin", policy: .none)
        let conditional = Cached(baseURL: baseURL, path: "/1m.bin", policy: .alwaysRevalidate)
        let plain = Provider<Cached>()
        let revalidating = Provider<Cached>(cache: HTTPCache(configuration: .init(maximumEntrySize: 2 << 20)))
        let first = try await revalidating.request(conditional)
        let second = try await revalidating.request(conditional)
        guard first.data.count == 1 << 20, second.origin == .revalidated else {
            throw BenchError.unexpected(
                "nginx's 1m.bin did not revalidate (\(second.origin), \(first.data.count) bytes)")
        }
        if let side = options.profileSide {
            // One side alone, for a profiler: `--only cache-304 --profile-side revalidated` (or `full`).
            for _ in 0..<5_000 {
                consume(try await side == "full" ? plain.request(full) : revalidating.request(conditional))
            }
            return [ScenarioResult(id: "cache-304-1m", scenario: "profiled", goal: .none)]
        }
        let revalidate: Comparison.Batch = { count in
            for _ in 0..<count { consume(try await revalidating.request(conditional)) }
        }
        let operations = options.count(full: 200, quick: 40)
        let againstFull = try await Comparison.measure(
            rounds: options.rounds, operations: operations,
            baseline: { count in for _ in 0..<count { consume(try await plain.request(full)) } },
            courier: revalidate)
        let againstSmall = try await Comparison.measure(
            rounds: options.rounds, operations: operations,
            baseline: { count in for _ in 0..<count { consume(try await plain.request(small)) } },
            courier: revalidate)
        return [
            ScenarioResult(
                id: "cache-304-1m", scenario: "304 revalidation of 1 MiB (stored body answered) vs a full GET of it",
                comparison: againstFull, goal: .maxRatio(0.5)),
            ScenarioResult(
                id: "cache-304-1m-small",
                scenario: "304 revalidation of 1 MiB vs a GET of 100 B — the same round trip: what the cache adds",
                comparison: againstSmall, goal: .none),
        ]
    }

    /// Stores a fresh answer for `target` in `cache`, as a first request would have.
    private static func prefill(_ cache: HTTPCache, for target: Cached) throws {
        let request = URLRequest(url: target.baseURL.appendingPathComponent(target.path))
        let stored = cache.store(
            statusCode: 200, headerFields: ["Cache-Control": "max-age=86400", "Content-Type": "application/json"],
            body: Data(#"{"id":42,"login":"ada","name":"Ada Lovelace"}"#.utf8), for: request, policy: .httpSemantics)
        guard stored == .storable else { throw BenchError.unexpected("the cache did not store the answer: \(stored)") }
    }

    /// A transport that must never be reached: every answer comes from the cache.
    private struct Unreachable: HTTPTransport {
        var sessionHeaders: [String: String] { [:] }
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            throw BenchError.unexpected("a cached request reached the transport")
        }
    }
}
