import Courier

/// `GET` of a file from the loopback nginx, one at a time or `concurrency` at once, against raw
/// `URLSession.data(for:)`. Both sides use the same `URLSessionConfiguration` (Courier's default,
/// with `httpMaximumConnectionsPerHost` raised to `concurrency`), each with its own session.
enum LoopbackGetScenario {
    static func run(
        _ options: BenchOptions, baseURL: URL, route: LoopbackTarget.Route, bytes: Int, concurrency: Int
    ) async throws -> ScenarioResult {
        let configuration = configuration(concurrency: concurrency)
        let provider = Provider<LoopbackTarget>(transport: URLSessionTransport(configuration: configuration))
        let target = LoopbackTarget(baseURL: baseURL, route: route)
        let courier: @Sendable () async throws -> Void = {
            let response = try await provider.request(target)
            try check(response.data.count == bytes, "Courier got \(response.data.count) bytes from \(target.path)")
        }
        let comparison = try await compare(
            options, url: baseURL.appendingPathComponent(target.path), bytes: bytes, concurrency: concurrency,
            configuration: configuration, courier: courier)
        let small = bytes < 1024
        let shape = concurrency == 1 ? "sequential" : "\(concurrency) concurrent"
        return ScenarioResult(
            id: "get-\(small ? "100b" : "1m")-c\(concurrency)",
            scenario: "GET \(small ? "100 B" : "1 MiB") over loopback, \(shape), vs URLSession.data(for:)",
            comparison: comparison, goal: .maxRatio(1.05))
    }

    /// The same measurement with a second raw URLSession in Courier's place: how far the ratio
    /// strays from 1.00 by noise alone on this machine, in this run.
    static func control(_ options: BenchOptions, baseURL: URL, concurrency: Int) async throws -> ScenarioResult {
        let configuration = configuration(concurrency: concurrency)
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let request = URLRequest(url: baseURL.appendingPathComponent("100b.bin"))
        let second: @Sendable () async throws -> Void = {
            let (data, _) = try await session.data(for: request)
            try check(data.count == 100, "the control got \(data.count) bytes")
        }
        let comparison = try await compare(
            options, url: request.url!, bytes: 100, concurrency: concurrency, configuration: configuration,
            courier: second)
        var result = ScenarioResult(
            id: "control-c\(concurrency)",
            scenario: "control: GET 100 B, \(concurrency) concurrent, URLSession vs a second URLSession",
            comparison: comparison, goal: .none)
        result.note = "no Courier on either side: the noise floor of the ratios above"
        return result
    }

    /// Courier's default configuration with room for `concurrency` connections to one host.
    private static func configuration(concurrency: Int) -> URLSessionConfiguration {
        let configuration = URLSessionTransport.defaultConfiguration()
        configuration.httpMaximumConnectionsPerHost = max(configuration.httpMaximumConnectionsPerHost, concurrency)
        return configuration
    }

    /// Warms both sides up, then compares `courier` with raw `data(for:)` on a session of its own.
    private static func compare(
        _ options: BenchOptions, url: URL, bytes: Int, concurrency: Int, configuration: URLSessionConfiguration,
        courier: @escaping @Sendable () async throws -> Void
    ) async throws -> Comparison {
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let request = URLRequest(url: url)
        let baseline: @Sendable () async throws -> Void = {
            let (data, _) = try await session.data(for: request)
            try check(data.count == bytes, "baseline got \(data.count) bytes from \(url.path)")
        }
        // Opens every connection the rounds will use, on both sides.
        try await Concurrently.run(concurrency * 2, width: concurrency, baseline)
        try await Concurrently.run(concurrency * 2, width: concurrency, courier)
        // A batch keeps every connection busy (twice the width) and lasts about 50 ms or more.
        let operations = max(
            concurrency * 2, options.count(full: bytes < 1024 ? 100 : 20, quick: bytes < 1024 ? 25 : 5))
        return try await Comparison.measure(
            rounds: options.networkRounds, operations: operations,
            baseline: { count in try await Concurrently.run(count, width: concurrency, baseline) },
            courier: { count in try await Concurrently.run(count, width: concurrency, courier) })
    }

    private static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw BenchError.unexpected(message()) }
    }
}
