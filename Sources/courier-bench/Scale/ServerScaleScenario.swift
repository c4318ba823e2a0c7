#if os(Linux)
    import Foundation

    /// Issue 36's server scale: 256 and 1,024 GETs in flight to 8 loopback origins (the nginx of
    /// `scripts/bench.sh` listens on 8 ports), 100 B and 64 KiB answers, over Courier on libcurl and,
    /// with `scripts/bench.sh --peers`, over AsyncHTTPClient (`scripts/peer-bench`). Each side runs
    /// in a child process of its own (``ScaleLoad``), the two alternating round after round:
    /// requests a second, CPU µs a request, peak resident memory beyond the client's floor a request
    /// in flight, and the 99th percentile of the latency.
    enum ServerScaleScenario {
        /// One row's load.
        struct Shape {
            let inFlight: Int
            let path: String
            let label: String
            let name: String

            var id: String { "scale-\(name)-\(inFlight)" }
        }

        static let shapes: [Shape] = [256, 1024].flatMap { inFlight in
            [
                Shape(inFlight: inFlight, path: "/100b.bin", label: "100 B", name: "100b"),
                Shape(inFlight: inFlight, path: "/64k.bin", label: "64 KiB", name: "64k"),
            ]
        }

        /// The peer's executable, when `--peer-dir` names a folder that holds it.
        static func peer(_ options: BenchOptions) -> URL? {
            guard let folder = options.peerDirectory else { return nil }
            let url = folder.appendingPathComponent("peer-async-http-client")
            return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
        }

        static func run(_ options: BenchOptions, shape: Shape) async throws -> ScenarioResult {
            let small = shape.name == "100b"
            let count = options.count(full: small ? 20_000 : 10_000, quick: small ? 4_000 : 2_000)
            let spec = "\(shape.inFlight):\(shape.path):\(count)"
            let origins = options.origins.map(\.absoluteString).joined(separator: ",")
            let peer = peer(options)
            var courier: [ScaleLoad.Outcome] = []
            var peers: [ScaleLoad.Outcome] = []
            for round in 0..<options.count(full: 3, quick: 1) {
                let courierSide = {
                    courier.append(
                        try spawn(
                            try TransferMemoryScenario.ownExecutable(),
                            ["--child-scale", spec, "--origins", origins]))
                }
                if let peer, round.isMultiple(of: 2) {
                    peers.append(
                        try spawn(peer, ["scale", String(shape.inFlight), shape.path, String(count), origins]))
                    try courierSide()
                } else {
                    try courierSide()
                    if let peer {
                        peers.append(
                            try spawn(peer, ["scale", String(shape.inFlight), shape.path, String(count), origins]))
                    }
                }
            }
            return row(shape, courier: courier, peers: peers)
        }

        private static func row(_ shape: Shape, courier: [ScaleLoad.Outcome], peers: [ScaleLoad.Outcome])
            -> ScenarioResult
        {
            var result = ScenarioResult(
                id: shape.id,
                scenario: "server scale: GET \(shape.label), \(shape.inFlight) in flight over 8 origins, "
                    + "Courier (curl) vs AsyncHTTPClient",
                goal: .aheadAtScale(maxKiBPerRequest: 32))
            let kib = courier.map { $0.kibPerRequest(inFlight: shape.inFlight) }.median
            var figures = ScaleFigures(
                courierThroughput: courier.map(\.throughput).median,
                courierP99Micros: courier.map(\.p99Micros).median, courierKiBPerRequest: kib)
            result.courierMicros = courier.map { 1e6 / $0.throughput }.median
            result.courierCPUMicros = courier.map(\.cpuPerRequest).median
            if !peers.isEmpty {
                result.baselineMicros = peers.map { 1e6 / $0.throughput }.median
                result.ratio = zip(courier, peers).map { $1.throughput / $0.throughput }.median
                result.cpuRatio = zip(courier, peers).map { $0.cpuPerRequest / $1.cpuPerRequest }.median
                figures.peerThroughput = peers.map(\.throughput).median
                figures.peerP99Micros = peers.map(\.p99Micros).median
                figures.peerKiBPerRequest = peers.map { $0.kibPerRequest(inFlight: shape.inFlight) }.median
            }
            result.scale = figures
            result.note = figures.text
            return result
        }

        private static func spawn(_ executable: URL, _ arguments: [String]) throws -> ScaleLoad.Outcome {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: output, as: UTF8.self)
            guard process.terminationStatus == 0, let line = text.split(separator: "\n").last else {
                throw BenchError.unexpected(
                    "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) failed "
                        + "(status \(process.terminationStatus)): \(text)")
            }
            return try ScaleLoad.Outcome(line: String(line))
        }
    }

    /// What a server-scale row shows beyond the table's columns.
    struct ScaleFigures {
        var courierThroughput: Double
        var courierP99Micros: Double
        var courierKiBPerRequest: Double
        var peerThroughput: Double?
        var peerP99Micros: Double?
        var peerKiBPerRequest: Double?

        /// `Courier 41,000 req/s, p99 12 ms, 9.1 KiB/in flight; AsyncHTTPClient …`
        var text: String {
            func side(_ throughput: Double, _ p99: Double, _ kib: Double) -> String {
                "\(Format.number(throughput)) req/s, p99 \(Format.number(p99 / 1000)) ms, "
                    + "\(Format.number(kib)) KiB a request in flight"
            }
            var text = "Courier " + side(courierThroughput, courierP99Micros, courierKiBPerRequest)
            if let peerThroughput, let peerP99Micros, let peerKiBPerRequest {
                text += "; AsyncHTTPClient " + side(peerThroughput, peerP99Micros, peerKiBPerRequest)
            } else {
                text += "; no AsyncHTTPClient side (scripts/bench.sh --peers)"
            }
            return text
        }

        /// Ahead of the peer on throughput, p99 and memory (CPU is the row's CPU ratio), and at most
        /// `maxKiB` a request in flight; with no peer, the memory bound alone.
        func isAhead(cpuRatio: Double?, maxKiB: Double) -> Bool {
            guard courierKiBPerRequest <= maxKiB else { return false }
            guard let peerThroughput, let peerP99Micros, let peerKiBPerRequest, let cpuRatio else { return true }
            return courierThroughput > peerThroughput && courierP99Micros < peerP99Micros
                && courierKiBPerRequest < peerKiBPerRequest && cpuRatio < 1
        }
    }
#endif
