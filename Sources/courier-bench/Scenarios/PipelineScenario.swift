import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Provider.request` over a transport that answers at once, against calling that transport
/// directly: what the pipeline costs a real (unstubbed) request with no plugins, with the network
/// taken away — endpoint, `URLRequest`, validation, the total limit, the `Response`.
enum PipelineScenario {
    static func run(_ options: BenchOptions) async throws -> ScenarioResult {
        let baseURL = URL(string: "http://127.0.0.1:8080")!
        let transport = try InstantTransport(url: baseURL.appendingPathComponent("100b.bin"))
        let provider = Provider<LoopbackTarget>(transport: transport)
        let target = LoopbackTarget(baseURL: baseURL, route: .small)
        let request = TransportRequest(urlRequest: URLRequest(url: baseURL.appendingPathComponent("100b.bin")))
        let comparison = try await Comparison.measure(
            rounds: options.rounds, operations: options.count(full: 20_000, quick: 5_000),
            baseline: { count in
                for _ in 0..<count { consume(try await transport.send(request)) }
            },
            courier: { count in
                for _ in 0..<count { consume(try await provider.request(target)) }
            })
        var result = ScenarioResult(
            id: "pipeline", scenario: "request through the pipeline, no plugins, over a transport that answers at once",
            comparison: comparison, goal: .none)
        result.note = "baseline: the same transport called directly; context for the loopback rows, no goal"
        return result
    }
}

/// Answers every request with the same 100-byte `200`, without suspending.
private struct InstantTransport: HTTPTransport {
    let answer: TransportResponse

    init(url: URL) throws {
        guard
            let head = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/octet-stream", "Content-Length": "100"])
        else { throw BenchError.unexpected("no HTTPURLResponse") }
        answer = TransportResponse(response: head, data: Data(count: 100))
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        answer
    }
}
