#if os(Linux)
    import Courier
    import Foundation

    /// One side of the server-scale rows, run in a child process of its own so that its CPU time and
    /// peak memory are its own: keeps a number of GETs in flight, spread over the origins in turn,
    /// until a count has ended, then prints one line, as `peer-async-http-client scale` does:
    ///
    ///     requests N wall_us W cpu_us C floor_kib F peak_kib P p99_us L bytes B
    ///
    /// `floor_kib` is the resident set before the client made any request; `peak_kib` the peak at
    /// the end. The first `inFlight × 2` requests open the connections and are not counted.
    struct ScaleLoad {
        let inFlight: Int
        let path: String
        let count: Int
        let origins: [URL]

        /// What one side measured, parsed from its line.
        struct Outcome {
            let requests: Double
            let wallMicros: Double
            let cpuMicros: Double
            let floorKiB: Double
            let peakKiB: Double
            let p99Micros: Double

            /// Requests a second.
            var throughput: Double { requests / wallMicros * 1e6 }
            /// CPU µs a request.
            var cpuPerRequest: Double { cpuMicros / requests }
            /// Peak resident memory beyond the floor, a request in flight, in KiB.
            func kibPerRequest(inFlight: Int) -> Double { max(0, peakKiB - floorKiB) / Double(inFlight) }

            init(line: String) throws {
                var fields: [String: Double] = [:]
                let words = line.split(separator: " ")
                for index in stride(from: 0, to: words.count - 1, by: 2) {
                    fields[String(words[index])] = Double(words[index + 1])
                }
                guard let requests = fields["requests"], let wall = fields["wall_us"], let cpu = fields["cpu_us"],
                    let floor = fields["floor_kib"], let peak = fields["peak_kib"], let p99 = fields["p99_us"]
                else { throw BenchError.unexpected("a server-scale side printed \(line)") }
                self.requests = requests
                wallMicros = wall
                cpuMicros = cpu
                floorKiB = floor
                peakKiB = peak
                p99Micros = p99
            }
        }

        /// `IN_FLIGHT:PATH:COUNT`, the value of `--child-scale`.
        init(spec: String, origins: [URL]) throws {
            let parts = spec.split(separator: ":").map(String.init)
            guard parts.count == 3, let inFlight = Int(parts[0]), let count = Int(parts[2]), !origins.isEmpty else {
                throw BenchError.usage("bad --child-scale \(spec) (or no --origins)")
            }
            self.inFlight = inFlight
            path = parts[1]
            self.count = count
            self.origins = origins
        }

        /// Runs the load over Courier on libcurl and prints the outcome.
        func run() async throws {
            let floorKiB = (ProcessMemory.residentMiB ?? 0) * 1024
            // One connection per request in flight, as the peer gets.
            var configuration = CurlTransport.Configuration.default
            configuration.maximumConnectionsPerHost = max(1, inFlight / origins.count)
            // For measuring what the receive buffer costs a request in flight (none for 100 B answers).
            if let size = ProcessInfo.processInfo.environment["COURIER_BENCH_RECEIVE_BUFFER"].flatMap({ Int($0) }) {
                configuration.receiveBufferSize = size
            }
            let provider = Provider<ScaleTarget>(transport: try CurlTransport(configuration: configuration))
            let targets = origins.map { ScaleTarget(baseURL: $0, path: path) }
            _ = try await load(inFlight * 2, provider: provider, targets: targets)
            var latencies: [Double] = []
            let elapsed = try await Stopwatch.measure {
                latencies = try await load(count, provider: provider, targets: targets)
            }
            let sorted = latencies.sorted()
            let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
            print(
                "requests \(count) wall_us \(elapsed.wall) cpu_us \(elapsed.cpu) floor_kib \(floorKiB) "
                    + "peak_kib \((ProcessMemory.peakResidentMiB ?? 0) * 1024) p99_us \(p99)")
        }

        /// `total` requests, `inFlight` at a time; their latencies in µs.
        private func load(_ total: Int, provider: Provider<ScaleTarget>, targets: [ScaleTarget]) async throws
            -> [Double]
        {
            try await withThrowingTaskGroup(of: Double.self) { group in
                var latencies: [Double] = []
                latencies.reserveCapacity(total)
                var started = 0
                func start() {
                    let target = targets[started % targets.count]
                    group.addTask {
                        let begun = ContinuousClock.now
                        _ = try await provider.request(target)
                        return (ContinuousClock.now - begun).micros
                    }
                    started += 1
                }
                while started < min(inFlight, total) { start() }
                while let latency = try await group.next() {
                    latencies.append(latency)
                    if started < total { start() }
                }
                return latencies
            }
        }
    }

    /// A GET of one file of one origin, whose answer must be 2xx.
    struct ScaleTarget: TargetType {
        let baseURL: URL
        let path: String
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var validationType: ValidationType { .successCodes }
    }
#endif
