import Courier

/// A stubbed request with no plugins through the async API, against calling the endpoint's sample
/// closure directly: what Courier's pipeline costs when the network is taken away.
enum StubScenario {
    static func run(_ options: BenchOptions) async throws -> ScenarioResult {
        let provider = Provider<StubbedAPI>(stubClosure: Provider.immediatelyStub)
        let target = StubbedAPI.user(id: 42)
        let endpoint = provider.endpoint(target)
        let comparison = try await Comparison.measure(
            rounds: options.rounds, operations: options.count(full: 20_000, quick: 5_000),
            baseline: { count in
                for _ in 0..<count { consume(endpoint.sampleResponseClosure()) }
            },
            courier: { count in
                for _ in 0..<count { consume(try await provider.request(target)) }
            })
        return ScenarioResult(
            id: "stub", scenario: "stubbed request, no plugins (async API) vs the sample closure",
            comparison: comparison, goal: .maxMicros(5))
    }
}
