import Courier
import CourierPlugins

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stubbed request through a logger (default options, output dropped) and an access-token
/// plugin, against the same work by hand: the request built as in the stub row, then the same two
/// plugins' methods called on it directly. What is left is what the pipeline costs around them.
///
/// The goal, a ratio against that same-run reference: at most 1.28×. On the machine of issue 22
/// Moya's stub with its logger and token plugin took 76.6 µs and this reference 12.0 µs (6.4
/// times less), so 1.28× the reference is Courier at 0.2× Moya.
enum StubWithPluginsScenario {
    static func run(_ options: BenchOptions) async throws -> ScenarioResult {
        let logger = NetworkLoggerPlugin(
            configuration: .init(output: { _, items in consume(items) }, logOptions: .default))
        let token = AccessTokenPlugin(tokenClosure: { _ in "eyJhbGciOiJIUzI1NiJ9.e30.signature" })
        let logged = Provider<StubbedAPI>(stubClosure: Provider.immediatelyStub, plugins: [logger, token])
        let target = StubbedAPI.user(id: 42)
        let sessionHeaders = logged.transport.sessionHeaders
        var id: UInt64 = 0
        let comparison = try await Comparison.measure(
            rounds: options.rounds, operations: options.count(full: 5_000, quick: 2_000),
            baseline: { count in
                for _ in 0..<count {
                    id += 1
                    // The same context and session headers the provider gives the plugins.
                    let context = RequestContext(id: id, attempt: 1, isStubbed: true)
                    try RequestContext.$running.withValue(context) {
                        let (request, status, data) = try HandWrittenStub.answer(target)
                        let prepared = token.prepare(logger.prepare(request, target: target), target: target)
                        logger.willSend(
                            HandWrittenRequest(request: prepared, sessionHeaders: sessionHeaders), target: target)
                        let response = Response(statusCode: status, data: data, request: prepared)
                        logger.didReceive(.success(response), target: target)
                        consume(response)
                    }
                }
            },
            courier: { count in
                for _ in 0..<count { consume(try await logged.request(target)) }
            })
        var result = ScenarioResult(
            id: "stub-plugins", scenario: "stubbed request + logger + access token vs the same work by hand",
            comparison: comparison, goal: .maxRatio(1.28))
        result.note = "by hand: the stub row's request, then the logger's and the token plugin's methods called on it"
        return result
    }
}

/// A request as plugins see it, for the by-hand reference.
private struct HandWrittenRequest: RequestType {
    let request: URLRequest?
    let sessionHeaders: [String: String]
}
