import Courier

/// A multipart upload of a large file and a download of a large body, each in its own child
/// process (see ``TransferChild``), so that the peak resident memory reported is the whole
/// process's high-water mark (`VmHWM`), not a sample. The baseline is raw URLSession in a child of
/// its own: `upload(for:fromFile:)` of the same file (no multipart) and `download(for:)`.
///
/// Two runs a side: the times are context, the goal is memory.
enum TransferMemoryScenario {
    static func run(_ options: BenchOptions, baseURL: URL) async throws -> [ScenarioResult] {
        let directory =
            options.workDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeSparseFile(at: TransferChild.uploadFile(in: directory), bytes: options.transferBytes)

        let mib = options.transferBytes / (1024 * 1024)
        let size = mib >= 1024 ? "\(mib / 1024) GiB" : "\(mib) MiB"
        var results: [ScenarioResult] = []
        for kind in TransferChild.Kind.allCases {
            // Baseline, Courier, Courier, baseline: the second transfer of a pair runs faster (the
            // page cache is warm) and holds more memory, so each side gets each position once.
            var outcomes: [TransferChild.Side: [TransferChild.Outcome]] = [:]
            for side in [TransferChild.Side.baseline, .courier, .courier, .baseline] {
                let outcome = try spawn(kind, side: side, options: options, baseURL: baseURL, directory: directory)
                outcomes[side, default: []].append(outcome)
            }
            let courier = outcomes[.courier] ?? []
            let baseline = outcomes[.baseline] ?? []
            let courierMicros = courier.map(\.micros).median
            let baselineMicros = baseline.map(\.micros).median
            var result = ScenarioResult(
                id: "\(kind.rawValue)-rss",
                scenario: kind == .upload
                    ? "multipart upload of a \(size) file (peak RSS)" : "download of a \(size) body (peak RSS)",
                unit: "µs/transfer", courierMicros: courierMicros, baselineMicros: baselineMicros,
                ratio: courierMicros / baselineMicros, peakRSSMiB: courier.map(\.peakMiB).max(),
                baselinePeakRSSMiB: baseline.map(\.peakMiB).max(), goal: .maxPeakRSS(64))
            let floor = courier.map(\.floorMiB).max() ?? .nan
            result.note = "2 runs a side, the higher peak; process floor \(Format.number(floor)) MiB"
            if options.quick { result.note = "quick: \(size), not 1 GiB; " + (result.note ?? "") }
            results.append(result)
            #if os(Linux)
                results.append(
                    try curlRow(
                        kind, size: size, baseline: baseline, options: options, baseURL: baseURL, directory: directory))
            #endif
        }
        return results
    }

    /// The same transfer through Courier on its libcurl transport, twice, against the same baseline runs.
    private static func curlRow(
        _ kind: TransferChild.Kind, size: String, baseline: [TransferChild.Outcome], options: BenchOptions,
        baseURL: URL, directory: URL
    ) throws -> ScenarioResult {
        let curl = try (0..<2).map { _ in
            try spawn(kind, side: .curl, options: options, baseURL: baseURL, directory: directory)
        }
        let curlMicros = curl.map(\.micros).median
        let baselineMicros = baseline.map(\.micros).median
        var result = ScenarioResult(
            id: "\(kind.rawValue)-rss-curl",
            scenario: kind == .upload
                ? "multipart upload of a \(size) file, Courier (curl) (peak RSS)"
                : "download of a \(size) body, Courier (curl) (peak RSS)",
            unit: "µs/transfer", courierMicros: curlMicros, baselineMicros: baselineMicros,
            ratio: curlMicros / baselineMicros, peakRSSMiB: curl.map(\.peakMiB).max(),
            baselinePeakRSSMiB: baseline.map(\.peakMiB).max(), goal: .maxPeakRSS(64))
        result.note = "2 runs, the higher peak; baseline: raw URLSession"
        return result
    }

    /// A file of `bytes` zero bytes that takes no disk space until written.
    private static func makeSparseFile(at url: URL, bytes: Int) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchError.unexpected("cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(bytes))
    }

    /// Runs `courier-bench --child-transfer <kind>-<side>` and reads its one line of JSON.
    private static func spawn(
        _ kind: TransferChild.Kind, side: TransferChild.Side, options: BenchOptions, baseURL: URL, directory: URL
    ) throws -> TransferChild.Outcome {
        #if os(Linux) || os(macOS)
            return try spawnProcess(kind, side: side, options: options, baseURL: baseURL, directory: directory)
        #else
            throw BenchError.unexpected("child processes need Linux or macOS")  // `Process` is macOS-only on Apple
        #endif
    }

    #if os(Linux) || os(macOS)
        private static func spawnProcess(
            _ kind: TransferChild.Kind, side: TransferChild.Side, options: BenchOptions, baseURL: URL, directory: URL
        ) throws -> TransferChild.Outcome {
            let process = Process()
            process.executableURL = try ownExecutable()
            process.arguments = [
                "--child-transfer", "\(kind.rawValue)-\(side.rawValue)", "--base-url", baseURL.absoluteString,
                "--transfer-mib", String(options.transferBytes / (1024 * 1024)), "--work-dir", directory.path,
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0,
                let line = output.split(separator: UInt8(ascii: "\n")).last,
                let outcome = try? JSONDecoder().decode(TransferChild.Outcome.self, from: Data(line))
            else {
                throw BenchError.unexpected(
                    "the \(kind.rawValue)-\(side.rawValue) child failed (status \(process.terminationStatus)): "
                        + String(decoding: output, as: UTF8.self))
            }
            return outcome
        }

        /// This program's own file: the child runs the same binary.
        static func ownExecutable() throws -> URL {
            #if os(Linux)
                return URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            #else
                guard let url = Bundle.main.executableURL else { throw BenchError.unexpected("no executable URL") }
                return url
            #endif
        }
    #endif
}
