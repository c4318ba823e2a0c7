import Courier

/// What turning a 10 KB `Encodable` body into a request costs: `Endpoint.urlRequest()` of a
/// `.requestJSONEncodable` endpoint (URL, headers and the body, depth bound included) against
/// `JSONEncoder` with sorted keys encoding the same value alone. The two must give the same bytes.
enum EncodeBodyScenario {
    static func run(_ options: BenchOptions) async throws -> [ScenarioResult] {
        let records = Record.body10K
        let encoder = Record.foundationEncoder()
        let endpoint = Endpoint(
            url: "https://api.example.com/v1/records", sampleResponseClosure: { .networkResponse(204, Data()) },
            method: .post, task: .requestJSONEncodable(records), httpHeaderFields: nil)
        let expected = try encoder.encode(records)
        guard try endpoint.urlRequest().httpBody == expected else {
            throw BenchError.unexpected("Courier's body differs from JSONEncoder's")
        }
        let baseline: Comparison.Batch = { count in
            for _ in 0..<count { consume(try encoder.encode(records)) }
        }
        let courier: Comparison.Batch = { count in
            for _ in 0..<count { consume(try endpoint.urlRequest()) }
        }
        if let side = options.profileSide {
            // One side alone, for a profiler: `perf record courier-bench --only encode-10k --profile-side courier`.
            guard let batch = ["courier": courier, "jsonencoder": baseline][side] else {
                throw BenchError.usage("no side \(side); sides: courier, jsonencoder")
            }
            try await batch(options.count(full: 20_000, quick: 2_000))
            return []
        }
        let comparison = try await Comparison.measure(
            rounds: options.rounds, operations: options.count(full: 400, quick: 100), baseline: baseline,
            courier: courier)
        var result = ScenarioResult(
            id: "encode-10k",
            scenario:
                "Encodable body of \(expected.count / 1000) KB to a URLRequest, vs JSONEncoder (sorted keys) alone",
            comparison: comparison, goal: .maxRatio(0.6))
        result.note = "same bytes checked; Courier's side also builds the URL and the request (issue 22)"
        return [result]
    }
}
