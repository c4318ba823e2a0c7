import Courier
import CourierPlugins

/// A stubbed request through a logger (default options, output dropped) and an access-token
/// plugin, against the same stub with no plugins.
enum StubWithPluginsScenario {
    static func run(_ options: BenchOptions) async throws -> ScenarioResult {
        let plain = Provider<StubbedAPI>(stubClosure: Provider.immediatelyStub)
        let logged = Provider<StubbedAPI>(
            stubClosure: Provider.immediatelyStub,
            plugins: [
                NetworkLoggerPlugin(configuration: .init(output: { _, items in consume(items) }, logOptions: .default)),
                AccessTokenPlugin(tokenClosure: { _ in "eyJhbGciOiJIUzI1NiJ9.e30.signature" }),
            ])
        let target = StubbedAPI.user(id: 42)
        let comparison = try await Comparison.measure(
            rounds: options.rounds, operations: options.count(full: 5_000, quick: 2_000),
            baseline: { count in
                for _ in 0..<count { consume(try await plain.request(target)) }
            },
            courier: { count in
                for _ in 0..<count { consume(try await logged.request(target)) }
            })
        return ScenarioResult(
            id: "stub-plugins", scenario: "stubbed request + logger + access token vs no plugins",
            comparison: comparison, goal: .maxMicros(15))
    }
}
