import Courier

/// `POST` of a 10 KB JSON body to the loopback nginx (which reads and drops it, answering 204),
/// one at a time, against raw `URLSession.data(for:)` with the same body, each side with its own
/// session of Courier's default configuration.
enum LoopbackPostScenario {
    /// About 10 KB of JSON: an array of small records.
    static let body = Data(
        ("["
            + (0..<190).map { #"{"id":\#($0),"name":"User \#($0)","active":true,"score":12.5}"# }
            .joined(separator: ",") + "]").utf8)

    static func run(_ options: BenchOptions, baseURL: URL) async throws -> ScenarioResult {
        let configuration = URLSessionTransport.defaultConfiguration()
        let provider = Provider<PostTarget>(transport: URLSessionTransport(configuration: configuration))
        let target = PostTarget(baseURL: baseURL)
        let courier: @Sendable () async throws -> Void = {
            let response = try await provider.request(target)
            try check(response.statusCode == 204, "Courier got status \(response.statusCode)")
        }
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: baseURL.appendingPathComponent("upload"))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let baseline: @Sendable () async throws -> Void = { [request] in
            let (_, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode
            try check(status == 204, "baseline got status \(status.map(String.init) ?? "none")")
        }
        try await Concurrently.run(4, width: 1, baseline)
        try await Concurrently.run(4, width: 1, courier)
        let operations = options.count(full: 100, quick: 25)
        let comparison = try await Comparison.measure(
            rounds: options.networkRounds, operations: operations,
            baseline: { count in try await Concurrently.run(count, width: 1, baseline) },
            courier: { count in try await Concurrently.run(count, width: 1, courier) })
        return ScenarioResult(
            id: "post-10k-c1", scenario: "POST 10 KB JSON over loopback, sequential, vs URLSession.data(for:)",
            comparison: comparison, goal: .maxRatio(1.05))
    }

    private static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw BenchError.unexpected(message()) }
    }
}

/// `POST /upload` with ``LoopbackPostScenario/body``.
private struct PostTarget: TargetType {
    let baseURL: URL
    var path: String { "/upload" }
    var method: HTTPMethod { .post }
    var task: HTTPTask { .requestData(LoopbackPostScenario.body) }
    var headers: [String: String]? { ["Content-Type": "application/json"] }
    var validationType: ValidationType { .successCodes }
}
