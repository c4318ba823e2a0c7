import Courier

/// The child process of ``TransferMemoryScenario``: runs one transfer and prints its time and the
/// process's peak resident memory as one line of JSON.
enum TransferChild {
    enum Kind: String, CaseIterable {
        case upload
        case download
    }

    enum Side: String {
        case baseline
        /// Courier on URLSessionTransport.
        case courier
        /// Courier on CurlTransport (Linux).
        case curl
    }

    struct Outcome: Codable {
        /// How long the transfer took, in µs.
        let micros: Double
        /// The process's peak resident memory at the end, in MiB.
        let peakMiB: Double
        /// The process's peak resident memory just before the transfer, in MiB.
        let floorMiB: Double
    }

    static func uploadFile(in directory: URL) -> URL {
        directory.appendingPathComponent("upload.bin")
    }

    /// Runs the transfer named `name` (`upload-courier`, `download-baseline`…) and prints its outcome.
    static func run(_ name: String, options: BenchOptions) async throws {
        let parts = name.split(separator: "-").map(String.init)
        guard parts.count == 2, let kind = Kind(rawValue: parts[0]), let side = Side(rawValue: parts[1]),
            let baseURL = options.baseURL, let directory = options.workDirectory
        else { throw BenchError.usage("bad --child-transfer \(name)") }
        let bytes = options.transferBytes
        let target: LoopbackTarget
        switch kind {
        case .upload:
            target = LoopbackTarget(baseURL: baseURL, route: .upload(file: uploadFile(in: directory)))
        case .download:
            let destination = directory.appendingPathComponent("download-\(side.rawValue).bin")
            target = LoopbackTarget(
                baseURL: baseURL, route: .download(mib: bytes / (1024 * 1024), destination: destination))
        }
        let session = URLSession(configuration: URLSessionTransport.defaultConfiguration())
        let provider: Provider<LoopbackTarget>
        #if os(Linux)
            provider = Provider(transport: side == .curl ? try CurlTransport() : URLSessionTransport.shared)
        #else
            provider = Provider(transport: URLSessionTransport.shared)
        #endif
        let floor = ProcessMemory.peakResidentMiB ?? .nan
        let micros = try await Stopwatch.micros {
            switch (kind, side) {
            case (.upload, .courier), (.upload, .curl):
                _ = try await provider.request(target)
            case (.download, .courier), (.download, .curl):
                let response = try await provider.request(target)
                try check(download: response.fileURL, bytes: bytes)
            case (.upload, .baseline):
                var request = URLRequest(url: baseURL.appendingPathComponent(target.path))
                request.httpMethod = "POST"
                let (_, response) = try await session.upload(for: request, fromFile: uploadFile(in: directory))
                try check(status: response)
            case (.download, .baseline):
                let request = URLRequest(url: baseURL.appendingPathComponent(target.path))
                let (file, response) = try await session.download(for: request)
                try check(status: response)
                try check(download: file, bytes: bytes)
            }
        }
        let outcome = Outcome(micros: micros, peakMiB: ProcessMemory.peakResidentMiB ?? .nan, floorMiB: floor)
        print(String(decoding: try JSONEncoder().encode(outcome), as: UTF8.self))
    }

    private static func check(status response: URLResponse) throws {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw BenchError.unexpected("status \(status)") }
    }

    /// Checks the downloaded file's size, then removes it.
    private static func check(download file: URL?, bytes: Int) throws {
        guard let file else { throw BenchError.unexpected("no downloaded file") }
        defer { try? FileManager.default.removeItem(at: file) }
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
        guard size == bytes else { throw BenchError.unexpected("downloaded \(size ?? -1) bytes, not \(bytes)") }
    }
}
