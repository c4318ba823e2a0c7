import Courier

/// The time from a server's flush of one event to the moment the consumer's loop has it:
/// `Provider.stream(_:).events` against the transport's own chunks (`HTTPTransport.stream`) on a
/// connection of the same transport, both fed by the bench's own loopback server, one event at a
/// time (the next is written once the last has arrived on both sides).
enum SSELatencyScenario {
    static func run(_ options: BenchOptions) async throws -> [ScenarioResult] {
        var results: [ScenarioResult] = []
        for (name, transport) in transports {
            results.append(try await measure(name, transport, options: options))
        }
        return results
    }

    /// The transports: URLSession, and the libcurl transport where it loads.
    private static var transports: [(name: String, transport: any HTTPTransport)] {
        var transports: [(name: String, transport: any HTTPTransport)] = [("URLSession", URLSessionTransport())]
        #if os(Linux)
            if let curl = CurlTransport.shared { transports.append(("curl", curl)) }
        #endif
        return transports
    }

    private static func measure(_ name: String, _ transport: any HTTPTransport, options: BenchOptions) async throws
        -> ScenarioResult
    {
        let server = try EventSocketServer()
        let url = URL(string: "http://127.0.0.1:\(server.port)")!
        async let rawAccepted = server.nextConnection()
        let raw = try await transport.stream(
            TransportRequest(urlRequest: URLRequest(url: url.appendingPathComponent("raw"))))
        let rawConnection = try await rawAccepted
        var chunks = raw.body.makeAsyncIterator()

        let provider = Provider<LatencyTarget>(transport: transport)
        async let courierAccepted = server.nextConnection()
        let stream = try await provider.stream(LatencyTarget(baseURL: url))
        let courierConnection = try await courierAccepted
        var events = stream.events.makeAsyncIterator()

        let warmUp = 20
        let count = options.count(full: 1000, quick: 100)
        var baseline: [Double] = []
        var courier: [Double] = []
        for index in 0..<(warmUp + count) {
            let event = Data("data: {\"index\":\(index),\"text\":\"token\"}\n\n".utf8)
            // Alternate which side goes first, so that neither always runs on a warmer cache.
            for side in index.isMultiple(of: 2) ? [0, 1] : [1, 0] {
                if side == 0 {
                    let flushed = try rawConnection.flush(event)
                    guard try await chunks.next() != nil else { throw BenchError.unexpected("the raw stream ended") }
                    if index >= warmUp { baseline.append(micros(since: flushed)) }
                } else {
                    let flushed = try courierConnection.flush(event)
                    guard try await events.next() != nil else { throw BenchError.unexpected("the event stream ended") }
                    if index >= warmUp { courier.append(micros(since: flushed)) }
                }
            }
        }
        stream.cancel()
        let ratios = zip(courier, baseline).map { $0 / $1 }
        var result = ScenarioResult(
            id: "sse-latency-\(name.lowercased())",
            scenario:
                "flush to `for await` of one event over \(name) (`Provider.stream` events vs the transport's raw chunks)",
            unit: "µs/event", goal: .maxRatio(1.1))
        result.courierMicros = courier.median
        result.baselineMicros = baseline.median
        // As in Comparison: the median of per-event ratios (each event measured on both sides back to
        // back), which cancels the machine's drift that a ratio of two medians keeps.
        result.ratio = ratios.median
        result.note =
            "\(count) events a side, each flushed once the last arrived; ratio of the medians "
            + Format.ratio(courier.median / baseline.median)
        return result
    }

    private static func micros(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1_000_000 + Double(elapsed.components.attoseconds) / 1e12
    }
}

/// The bench server's event stream.
struct LatencyTarget: TargetType {
    let baseURL: URL
    var path: String { "/events" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var validationType: ValidationType { .successCodes }
}
