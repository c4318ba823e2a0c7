import Foundation

/// Runs the scenarios in order and collects their rows.
enum BenchRunner {
    /// Runs every scenario `options` selects; those that need the loopback server are skipped
    /// (and say so) without `--base-url`.
    static func run(_ options: BenchOptions) async throws -> [ScenarioResult] {
        var results: [ScenarioResult] = []
        func step(_ id: String, _ work: () async throws -> [ScenarioResult]) async throws {
            guard options.runs(id) else { return }
            progress("\(id)…")
            let rows = try await work()
            for row in rows {
                let courier = row.courierMicros.map(Format.number) ?? "—"
                let ratio = row.ratio.map(Format.ratio) ?? "—"
                progress("  \(row.id): Courier \(courier) µs, ratio \(ratio)")
            }
            results += rows
        }
        try await step("stub") { [try await StubScenario.run(options)] }
        try await step("stub-plugins") { [try await StubWithPluginsScenario.run(options)] }
        try await step("stub-token-store") { [try await TokenSourceScenario.run(options)] }
        try await step("stub-100k") { [try await StubLeakScenario.run(options)] }
        try await step("pipeline") { [try await PipelineScenario.run(options)] }
        try await step("cache-hit") { try await CacheScenario.hits(options) }
        try await step("urlencode") { try await URLEncodingScenario.run(options) }
        try await step("encode-10k") { try await EncodeBodyScenario.run(options) }
        try await step("sse-parse") { [try await SSEParseScenario.run(options)] }
        try await step("sse-latency") { try await SSELatencyScenario.run(options) }
        #if os(Linux)
            try await step("ws-echo-1k") { try await WebSocketScenario.echo(options) }
            try await step("ws-receive-64m") { try await WebSocketScenario.throughput(options) }
        #endif
        guard let baseURL = options.baseURL else {
            progress("no --base-url: skipped the loopback scenarios (run scripts/bench.sh)")
            return results
        }
        try await step("decode") { [try await TypedDecodeScenario.run(options, baseURL: baseURL)] }
        for (route, bytes, name) in [(LoopbackTarget.Route.small, 100, "100b"), (.large, 1_048_576, "1m")] {
            for concurrency in [1, 16, 64] {
                try await step("get-\(name)-c\(concurrency)") {
                    [
                        try await LoopbackGetScenario.run(
                            options, baseURL: baseURL, route: route, bytes: bytes, concurrency: concurrency)
                    ]
                }
            }
        }
        try await step("post-10k-c1") { [try await LoopbackPostScenario.run(options, baseURL: baseURL)] }
        try await step("cache-304") { try await CacheScenario.revalidation(options, baseURL: baseURL) }
        try await step("control") {
            [try await LoopbackGetScenario.control(options, baseURL: baseURL, concurrency: 64)]
        }
        #if os(Linux)
            let curlShapes: [(CurlLoopbackScenario.Shape, [Int])] = [
                (.get100B, [1, 16, 64]), (.get1MiB, [1, 16]), (.postJSON, [1]),
            ]
            for (shape, widths) in curlShapes {
                for concurrency in widths {
                    try await step("curl-\(shape.name)-c\(concurrency)") {
                        try await CurlLoopbackScenario.run(
                            options, baseURL: baseURL, shape: shape, concurrency: concurrency)
                    }
                }
            }
            try await step("curl-post-json-c1") { try await CurlEncodablePostScenario.run(options, baseURL: baseURL) }
            if !options.origins.isEmpty {
                for shape in ServerScaleScenario.shapes {
                    try await step(shape.id) { [try await ServerScaleScenario.run(options, shape: shape)] }
                }
            }
        #endif
        try await step("transfer") { try await TransferMemoryScenario.run(options, baseURL: baseURL) }
        return results
    }

    /// A line on standard error, so that standard output holds only the table.
    static func progress(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }
}
