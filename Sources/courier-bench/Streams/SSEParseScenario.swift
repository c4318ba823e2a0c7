import Courier

/// Server-sent events parsed by `StreamedResponse.events` against a plain newline scan of the
/// same chunks (`memchr` for each LF, nothing done with the lines), both read from a
/// `ResponseBodyStream` in memory: what Courier's SSE parsing costs per byte.
enum SSEParseScenario {
    static func run(_ options: BenchOptions) async throws -> ScenarioResult {
        let corpus = SSECorpus(megabytes: options.count(full: 16, quick: 4))
        let head = Response(statusCode: 200, data: Data())
        if let side = options.profileSide {
            // One side alone, for a profiler: `--only sse-parse --profile-side events` (or `newlines`,
            // or `parser`: the parser fed the chunks directly, without the body stream and iterator).
            for _ in 0..<options.count(full: 10, quick: 2) {
                if side == "parser" {
                    var parser = ServerSentEventParser(maximumLength: 1 << 20)
                    var count = 0
                    for chunk in corpus.chunks {
                        parser.feed(chunk)
                        while let event = try parser.next() { count += event.data.isEmpty ? 0 : 1 }
                    }
                    consume(count)
                } else if side == "newlines" {
                    consume(try await newlines(in: corpus.body()))
                } else {
                    consume(try await events(in: corpus.body(), head: head))
                }
            }
            return ScenarioResult(id: "sse-parse", scenario: "profiled", goal: .none)
        }
        let comparison = try await Comparison.measure(
            rounds: options.rounds, operations: 1,
            baseline: { count in
                for _ in 0..<count {
                    let lines = try await newlines(in: corpus.body())
                    try check(lines == corpus.lines, "the newline scan found \(lines) lines, not \(corpus.lines)")
                }
            },
            courier: { count in
                for _ in 0..<count {
                    let events = try await events(in: corpus.body(), head: head)
                    try check(events == corpus.events, "Courier parsed \(events) events, not \(corpus.events)")
                }
            })
        let megabytes = Double(corpus.bytes) / 1_000_000
        var result = ScenarioResult(
            id: "sse-parse",
            scenario: "SSE parsing (`events`) of \(Format.number(megabytes)) MB of LLM-style events in 16 KiB chunks, "
                + "vs a plain newline scan of the same chunks",
            unit: "µs/pass", comparison: comparison,
            goal: .minThroughput(megabytesPerSecond: 1000, bytes: corpus.bytes, orRatio: 4))
        result.note =
            "Courier \(Format.number(megabytes / comparison.courierMicros * 1_000_000)) MB/s "
            + "(\(Format.number(megabytes / comparison.courierCPUMicros * 1_000_000)) MB/s of CPU time), "
            + "newline scan \(Format.number(megabytes / comparison.baselineMicros * 1_000_000)) MB/s"
        return result
    }

    /// How many events `events` parses from `body`, each built as a ``ServerSentEvent``.
    static func events(in body: ResponseBodyStream, head: Response) async throws -> Int {
        var events = 0
        for try await event in StreamedResponse(response: head, body: body).events {
            events += event.data.isEmpty ? 0 : 1
        }
        return events
    }

    /// How many LFs the body holds: the least any line-based parser must do.
    static func newlines(in body: ResponseBodyStream) async throws -> Int {
        var count = 0
        for try await chunk in body {
            chunk.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                var offset = 0
                while offset < bytes.count,
                    let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset)
                {
                    count += 1
                    offset = base.distance(to: UnsafeRawPointer(found)) + 1
                }
            }
        }
        return count
    }

    private static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw BenchError.unexpected(message()) }
    }
}
