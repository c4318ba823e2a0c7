import Courier

/// 100,000 stubbed requests back to back: resident memory must not grow with them.
enum StubLeakScenario {
    static let requests = 100_000

    static func run(_ options: BenchOptions) async throws -> ScenarioResult {
        let provider = Provider<StubbedAPI>(stubClosure: Provider.immediatelyStub)
        for id in 0..<1_000 { consume(try await provider.request(.user(id: id))) }
        let before = ProcessMemory.residentMiB
        let time = try await Stopwatch.measure {
            for id in 0..<requests { consume(try await provider.request(.user(id: id))) }
        }
        let after = ProcessMemory.residentMiB
        var result = ScenarioResult(
            id: "stub-100k", scenario: "100,000 stubbed requests back to back (RSS growth)",
            courierMicros: time.wall / Double(requests), courierCPUMicros: time.cpu / Double(requests),
            goal: .maxRSSGrowth(16))
        if let before, let after { result.rssGrowthMiB = after - before }
        return result
    }
}
