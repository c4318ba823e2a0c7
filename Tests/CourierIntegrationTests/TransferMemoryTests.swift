import Courier
import CourierTestSupport
import Foundation
import XCTest

/// A 300 MiB upload, multipart upload and download keep this process's peak memory bounded.
///
/// Method: each test reads VmRSS from `/proc/self/status` just before the transfer, resets the
/// kernel's peak-RSS counter (VmHWM) by writing `5` to `/proc/self/clear_refs`, runs the
/// transfer, and reads VmHWM: the exact peak resident memory during the transfer, not a sample.
/// (Where `clear_refs` cannot be written, a thread samples VmRSS every 5 ms instead.) The growth
/// must stay under 96 MiB, a third of the body: a transfer that held the body in memory once
/// would grow by 300 MiB or more.
///
/// httpbin caps its bodies at 100 KiB, so a small Python server started by the test sinks the
/// uploads and streams the download. Slow (tens of seconds), so it runs only with
/// `COURIER_MEMORY_TESTS=1`, which `scripts/test.sh` sets.
final class TransferMemoryTests: XCTestCase {
    private static let size = 300 << 20
    private static let bound = 96 << 20
    private var folder: URL!
    private var server: BulkServer!

    override func setUpWithError() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["COURIER_MEMORY_TESTS"] == "1",
            "set COURIER_MEMORY_TESTS=1 to run the memory tests (scripts/test.sh does)")
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self/status"), "needs Linux's /proc")
        folder = try TransferWire.temporaryFolder()
        server = try BulkServer.start()
    }

    override func tearDownWithError() throws {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func test_uploadFile_300MiB_peakMemoryStaysBounded() async throws {
        // Given
        let file = try writePatternFile(named: "upload.bin")

        // When
        let (response, growth) = try await measure {
            try await self.send(BulkTarget(server.baseURL, "/sink", method: .post, task: .uploadFile(file)))
        }

        // Then
        XCTAssertEqual(try JSONDecoder().decode(Sink.self, from: response.data).received, Self.size)
        XCTAssertLessThan(growth, Self.bound)
    }

    func test_multipartFilePart_300MiB_peakMemoryStaysBounded() async throws {
        // Given
        let form: MultipartFormData = [
            MultipartFormBodyPart(provider: .data(Data("meta".utf8)), name: "meta"),
            MultipartFormBodyPart(provider: .file(try writePatternFile(named: "part.bin")), name: "file"),
        ]

        // When
        let (response, growth) = try await measure {
            try await self.send(
                BulkTarget(server.baseURL, "/sink", method: .post, task: .uploadMultipartFormData(form)))
        }

        // Then
        XCTAssertGreaterThan(try JSONDecoder().decode(Sink.self, from: response.data).received, Self.size)
        XCTAssertLessThan(growth, Self.bound)
    }

    func test_download_300MiB_peakMemoryStaysBoundedAndTheFileIsExact() async throws {
        // Given
        let destination = folder.appendingPathComponent("download.bin")
        let target = BulkTarget(
            server.baseURL, "/bytes/\(Self.size)", task: .downloadDestination({ _, _ in (destination, []) }))

        // When
        let (response, growth) = try await measure { try await self.send(target) }

        // Then
        XCTAssertEqual(response.fileURL, destination)
        XCTAssertTrue(try Self.holdsPattern(destination, count: Self.size))
        XCTAssertLessThan(growth, Self.bound)
    }

    // MARK: - Helpers

    /// Sends `target` with progress on, and checks that progress reached 1.0 once.
    private func send(_ target: BulkTarget) async throws -> Response {
        var completed = 0
        var events = 0
        let transfer = Provider<BulkTarget>().requestWithProgress(target)
        for try await event in transfer {
            events += 1
            if event.completed { completed += 1 }
        }
        XCTAssertEqual(completed, 1)
        XCTAssertGreaterThan(events, 1)
        return try await transfer.response
    }

    private func measure<T>(_ transfer: () async throws -> T) async throws -> (T, Int) {
        try await MemoryStatus.peakGrowth(of: name, during: transfer)
    }

    /// Writes `size` bytes of the pattern the server also sends: byte `i` is `i % 256`.
    private func writePatternFile(named name: String) throws -> URL {
        let file = folder.appendingPathComponent(name)
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let chunk = Self.patternChunk
        for _ in 0..<(Self.size / chunk.count) { try handle.write(contentsOf: chunk) }
        return file
    }

    private static let patternChunk = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0) })

    /// Whether the file holds `count` bytes of the pattern, read 1 MiB at a time.
    private static func holdsPattern(_ file: URL, count: Int) throws -> Bool {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var total = 0
        while let chunk = try handle.read(upToCount: patternChunk.count), !chunk.isEmpty {
            guard chunk == patternChunk.prefix(chunk.count) else { return false }
            total += chunk.count
        }
        return total == count
    }
}

/// Thrown after the CI failure for a server that did not start has been recorded.
private struct MissingBulkServer: Error {}

/// What the server's `/sink` answers.
private struct Sink: Decodable {
    let received: Int
}

/// A target on the bulk server, with a timeout long enough for 300 MiB on a busy machine.
private struct BulkTarget: TargetType {
    let baseURL: URL
    let path: String
    var method: HTTPMethod = .get
    var task: HTTPTask = .requestPlain
    var validationType: ValidationType { .successCodes }
    var timeoutInterval: TimeInterval? { 600 }

    init(_ baseURL: URL, _ path: String, method: HTTPMethod = .get, task: HTTPTask = .requestPlain) {
        self.baseURL = baseURL
        self.path = path
        self.method = method
        self.task = task
    }
}

/// Reads this process's memory figures from `/proc/self/status`.
enum MemoryStatus {
    /// The figure `field` (`VmRSS`, `VmHWM`) in bytes.
    static func read(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        let kibibytes = try XCTUnwrap(line.split(separator: " ").compactMap { Int($0) }.first)
        return kibibytes << 10
    }

    /// Resets VmHWM to the current resident memory; false where the kernel does not allow it.
    static func resetPeak() -> Bool {
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
    }

    /// Runs `transfer` and returns its result and how far the peak resident memory rose above the
    /// resident memory before it, in bytes; prints both for the test named `name`.
    static func peakGrowth<T>(of name: String, during transfer: () async throws -> T) async throws -> (T, Int) {
        let before = try read("VmRSS")
        let sampler = resetPeak() ? nil : MemorySampler()
        let result = try await transfer()
        let peak = try sampler?.stop() ?? read("VmHWM")
        let growth = peak - before
        print("\(name): resident before \(before >> 20) MiB, peak \(peak >> 20) MiB, growth \(growth >> 20) MiB")
        return (result, growth)
    }
}

/// Samples VmRSS every 5 ms on its own thread and keeps the highest value.
final class MemorySampler: Sendable {
    private let peak = Locked(0)
    private let running = Locked(true)

    init() {
        let (peak, running) = (peak, running)
        Thread.detachNewThread {
            while running.value {
                if let rss = try? MemoryStatus.read("VmRSS") { peak.withLock { $0 = max($0, rss) } }
                usleep(5000)
            }
        }
    }

    /// Stops sampling and returns the peak.
    func stop() throws -> Int {
        running.withLock { $0 = false }
        return peak.value
    }
}

/// A Python HTTP server on a free loopback port: `POST /sink` reads and counts the body without
/// keeping it; `GET /bytes/N` streams N bytes of the pattern `i % 256`.
private final class BulkServer {
    let baseURL: URL
    private let process: Process

    private init(baseURL: URL, process: Process) {
        self.baseURL = baseURL
        self.process = process
    }

    static func start() throws -> BulkServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)),
            let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            process.terminate()
            let reason = "python3 could not start the bulk server: \(line)"
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                XCTFail(reason)
                throw MissingBulkServer()
            }
            throw XCTSkip(reason)
        }
        return BulkServer(baseURL: url, process: process)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    private static let script = """
        import http.server, json, sys
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args): pass
            def do_GET(self):
                size = int(self.path.rsplit("/", 1)[-1])
                self.send_response(200)
                self.send_header("Content-Length", str(size))
                self.send_header("Content-Type", "application/octet-stream")
                self.end_headers()
                block = bytes(range(256)) * 4096
                left = size
                while left > 0:
                    self.wfile.write(block[:min(left, len(block))])
                    left -= len(block)
            def do_POST(self):
                received = 0
                if "chunked" in self.headers.get("Transfer-Encoding", ""):
                    while True:
                        size = int(self.rfile.readline().split(b";")[0], 16)
                        if size == 0:
                            self.rfile.readline()
                            break
                        received += self.drain(size)
                        self.rfile.readline()
                else:
                    received = self.drain(int(self.headers.get("Content-Length", "0")))
                body = json.dumps({"received": received}).encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def drain(self, size):
                left = size
                while left > 0:
                    chunk = self.rfile.read(min(left, 1 << 20))
                    if not chunk:
                        break
                    left -= len(chunk)
                return size - left
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
}
