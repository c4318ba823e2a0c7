import Courier

/// `request(_:as:)` of a stub whose body is the 1 MiB JSON nginx serves, against
/// `JSONDecoder().decode` of the same bytes: decoding must cost no more through Courier.
enum TypedDecodeScenario {
    static func run(_ options: BenchOptions, baseURL: URL) async throws -> ScenarioResult {
        let (json, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("1m.json"))
        let provider = Provider<StubbedAPI>(stubClosure: Provider.immediatelyStub)
        let target = StubbedAPI.records(sample: json)
        let expected = try JSONDecoder().decode([Record].self, from: json).count
        guard expected > 1000 else { throw BenchError.unexpected("1m.json holds only \(expected) records") }
        let comparison = try await Comparison.measure(
            rounds: options.rounds, operations: options.count(full: 5, quick: 2),
            baseline: { count in
                for _ in 0..<count { consume(try JSONDecoder().decode([Record].self, from: json)) }
            },
            courier: { count in
                for _ in 0..<count { consume(try await provider.request(target, as: [Record].self)) }
            })
        return ScenarioResult(
            id: "decode-1m",
            scenario: "typed decode of \(json.count / 1024) KiB JSON via request(_:as:) on a stub vs JSONDecoder",
            comparison: comparison, goal: .maxRatio(1.05))
    }
}
