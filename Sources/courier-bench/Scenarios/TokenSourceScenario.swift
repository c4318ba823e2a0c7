import Courier
import CourierPlugins

/// A stubbed request whose token comes from an `AccessTokenStore` that holds one, against the same
/// request whose token comes from a closure. With a source, the plugin's `adapt` and `retry` are
/// awaited, each in a task of its own that starts in the request's, so that a cancelled request
/// never waits for a refresh; with the token at hand (`tokenAtHand(for:)`) neither suspends, and
/// the request never leaves its thread: the CPU column stays the wall time's. What remains is two
/// such tasks and the pipeline's asynchronous path. Goal: at most 2×. (Awaiting the store's actor
/// instead cost two thread hand-offs a request: 2.6–2.8×, CPU 3.2–3.4×.)
enum TokenSourceScenario {
    static func run(_ options: BenchOptions) async throws -> ScenarioResult {
        let token = "eyJhbGciOiJIUzI1NiJ9.e30.signature"
        let fromClosure = Provider<StubbedAPI>(
            stubClosure: Provider.immediatelyStub, plugins: [AccessTokenPlugin(tokenClosure: { _ in token })])
        let store = AccessTokenStore(token: token) { _ in token }
        let fromStore = Provider<StubbedAPI>(
            stubClosure: Provider.immediatelyStub, plugins: [AccessTokenPlugin(tokenSource: store)])
        let target = StubbedAPI.user(id: 42)
        let comparison = try await Comparison.measure(
            rounds: options.rounds, operations: options.count(full: 20_000, quick: 5_000),
            baseline: { count in
                for _ in 0..<count { consume(try await fromClosure.request(target)) }
            },
            courier: { count in
                for _ in 0..<count { consume(try await fromStore.request(target)) }
            })
        var result = ScenarioResult(
            id: "stub-token-store",
            scenario: "stubbed request, token from an AccessTokenStore holding one vs from a closure",
            comparison: comparison, goal: .maxRatio(2.0))
        result.note = "the store's token read at hand; the plugin's steps awaited in tasks cancellation ends at once"
        return result
    }
}
