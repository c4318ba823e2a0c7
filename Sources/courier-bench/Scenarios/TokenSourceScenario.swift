import Courier
import CourierPlugins

/// A stubbed request whose token comes from an `AccessTokenStore` that holds one, against the same
/// request whose token comes from a closure. With a source, the plugin's `adapt` is awaited only
/// when no token is at hand (`tokenAtHand(for:)`), and its `retry` only to refresh after a 401,
/// each then in a task of its own so that a cancelled request never waits for a refresh; with a
/// token at hand neither is awaited, and the request never leaves its thread (the CPU column stays
/// the wall time's). What remains is the pipeline's asynchronous path, which a plugin that may
/// suspend for the target takes. Goal: at most 1.5×. (Awaiting the store's actor cost two thread
/// hand-offs a request, 2.6–2.8× at CPU 3.2–3.4×; awaiting both steps in tasks that start in the
/// request's, 1.7–1.8×.)
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
            comparison: comparison, goal: .maxRatio(1.5))
        result.note = "the store's token read at hand, in the request's task; its steps awaited only to wait"
        return result
    }
}
