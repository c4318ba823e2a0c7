import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stubbed request with no plugins through the async API, against the same work written by
/// hand: the target's URL joined and parsed, a `URLRequest` made with its method and headers, the
/// sample answered. What is left is what the pipeline itself costs: the endpoint, validation,
/// the context of the attempt, the `Response`.
///
/// The goal is a ratio against that reference, measured in the same run, so that it holds on a
/// faster or a slower machine: 0.2× Moya (issue 36). On this machine Moya's stub path costs
/// 18.5 µs (DESIGN.md) and this reference 1.32 µs (the full run of 2026-11-27), so 0.2× Moya,
/// 3.7 µs, is 2.8× the reference. (Issue 22 set 3.5× from another machine's 23.7 µs and 1.34 µs.)
enum StubScenario {
    static func run(_ options: BenchOptions) async throws -> ScenarioResult {
        let provider = Provider<StubbedAPI>(stubClosure: Provider.immediatelyStub)
        let target = StubbedAPI.user(id: 42)
        if let side = options.profileSide {
            // One side alone, 100,000 times, for a profiler (`--only stub --profile-side stub`, or
            // `by-hand` for the reference).
            for _ in 0..<100_000 {
                if side == "by-hand" {
                    consume(try HandWrittenStub.answer(target))
                } else {
                    consume(try await provider.request(target))
                }
            }
            return ScenarioResult(id: "stub", scenario: "profiled", goal: .none)
        }
        let comparison = try await Comparison.measure(
            rounds: options.rounds, operations: options.count(full: 20_000, quick: 5_000),
            baseline: { count in
                for _ in 0..<count { consume(try HandWrittenStub.answer(target)) }
            },
            courier: { count in
                for _ in 0..<count { consume(try await provider.request(target)) }
            })
        var result = ScenarioResult(
            id: "stub", scenario: "stubbed request, no plugins (async API) vs the same work by hand",
            comparison: comparison, goal: .maxRatio(2.8))
        result.note = "by hand: the URL joined and parsed, the URLRequest built, the sample read"
        return result
    }
}

/// What a stub needs, written by hand: the reference of the stub rows.
enum HandWrittenStub {
    /// The request `target` is sent as, built directly.
    static func request(_ target: StubbedAPI) throws -> URLRequest {
        guard let url = URL(string: target.baseURL.absoluteString + target.path) else {
            throw BenchError.unexpected("no URL for \(target.path)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = target.method.rawValue
        request.allHTTPHeaderFields = target.headers
        return request
    }

    /// The request and the stub's answer, as a pipeline with no plugins would make them.
    static func answer(_ target: StubbedAPI) throws -> (URLRequest, Int, Data) {
        (try request(target), 200, target.sampleData)
    }
}
