// AsyncHTTPClient in courier-bench's server-scale rows: the same load as Courier's side, against
// the same loopback origins, measured the same way (see ScaleLoad.swift in courier-bench).
//
//   peer-async-http-client scale IN_FLIGHT PATH COUNT URL[,URL…]
//
// Keeps IN_FLIGHT GETs of PATH in flight, spread over the origins in turn, until COUNT have ended
// (after IN_FLIGHT × 2 to open the connections), then prints one line:
//   requests N wall_us W cpu_us C floor_kib F peak_kib P p99_us L bytes B
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

func micros(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

/// CPU time of this process (every thread), in µs, as courier-bench's Stopwatch reads it.
func cpuMicros() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

/// A field of /proc/self/status in KiB (`VmRSS`, `VmHWM`).
func statusKiB(_ field: String) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
}

let arguments = CommandLine.arguments
guard arguments.count == 6, arguments[1] == "scale", let inFlight = Int(arguments[2]), let count = Int(arguments[4])
else {
    FileHandle.standardError.write(Data("usage: peer-async-http-client scale IN_FLIGHT PATH COUNT URL[,URL…]\n".utf8))
    exit(2)
}
let path = arguments[3]
let origins = arguments[5].split(separator: ",").map(String.init)
let floorKiB = statusKiB("VmRSS")

// One connection per request in flight, as Courier's side gets; the loops on every core.
var configuration = HTTPClient.Configuration()
configuration.connectionPool = .init(
    idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, inFlight / origins.count))
let client = HTTPClient(
    eventLoopGroup: MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount), configuration: configuration)

/// One GET of the index-th request; its latency in µs and its body size.
@Sendable func get(_ index: Int) async throws -> (Double, Int) {
    let started = ContinuousClock.now
    let request = HTTPClientRequest(url: origins[index % origins.count] + path)
    let response = try await client.execute(request, timeout: .seconds(60))
    guard response.status == .ok else { throw HTTPClientError.invalidURL }
    let body = try await response.body.collect(upTo: 1 << 24)
    return (micros(ContinuousClock.now - started), body.readableBytes)
}

/// `total` requests, `inFlight` at a time; their latencies.
func run(_ total: Int) async throws -> ([Double], Int) {
    try await withThrowingTaskGroup(of: (Double, Int).self) { group in
        var latencies: [Double] = []
        latencies.reserveCapacity(total)
        var bytes = 0
        var started = 0
        while started < min(inFlight, total) {
            let index = started
            group.addTask { try await get(index) }
            started += 1
        }
        while let (latency, size) = try await group.next() {
            latencies.append(latency)
            bytes += size
            guard started < total else { continue }
            let index = started
            group.addTask { try await get(index) }
            started += 1
        }
        return (latencies, bytes)
    }
}

do {
    _ = try await run(inFlight * 2)
    let cpuStart = cpuMicros()
    let start = ContinuousClock.now
    let (latencies, bytes) = try await run(count)
    let wall = micros(ContinuousClock.now - start)
    let cpu = cpuMicros() - cpuStart
    let sorted = latencies.sorted()
    let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    print(
        "requests \(count) wall_us \(wall) cpu_us \(cpu) floor_kib \(floorKiB) peak_kib \(statusKiB("VmHWM")) "
            + "p99_us \(p99) bytes \(bytes)")
    try await client.shutdown().get()
} catch {
    FileHandle.standardError.write(Data("peer-async-http-client: \(error)\n".utf8))
    exit(1)
}
