#if os(Linux)
    import Courier
    import Foundation

    /// The WebSocket rows: Courier's socket over libcurl against a bare RFC 6455 loop on a blocking
    /// socket (the floor), both talking to the bench's own loopback server, one after the other, each
    /// measurement taken on both sides back to back.
    enum WebSocketScenario {
        /// A socket to the bench server: no compression (the floor has none), messages up to 2 MiB.
        private struct Target: TargetType {
            let baseURL: URL
            var path: String { "" }
            var method: HTTPMethod { .get }
            var task: HTTPTask { .webSocket(protocols: []) }
            var webSocketConfiguration: WebSocketConfiguration? {
                WebSocketConfiguration(maximumMessageSize: 2 << 20, compression: .disabled)
            }
        }

        private static func open(_ server: WebSocketBenchServer) async throws -> WebSocket {
            guard let transport = CurlTransport.shared else { throw BenchError.unexpected("libcurl is not available") }
            let target = Target(baseURL: URL(string: "ws://127.0.0.1:\(server.port)")!)
            return try await Provider<Target>(transport: transport).webSocket(target)
        }

        /// `ws-echo-1k`: one 1 KiB text message sent and its echo read, one at a time; with a peer,
        /// `ws-echo-1k-websocket-kit` too.
        static func echo(_ options: BenchOptions) async throws -> [ScenarioResult] {
            let server = try WebSocketBenchServer()
            let floor = try WebSocketFloor(port: server.port)
            let socket = try await open(server)
            var messages = socket.messages.makeAsyncIterator()
            let text = String(repeating: "x", count: 1024)
            let bytes = Array(text.utf8)
            func floorRound() throws {
                try floor.send(bytes, opcode: 1)
                try floor.receive()
            }
            func courierRound() async throws {
                try await socket.send(.text(text))
                guard try await messages.next() != nil else { throw BenchError.unexpected("the socket closed") }
            }
            if let side = options.profileSide {
                // One side alone, for a profiler: `--only ws-echo-1k --profile-side courier` (or `floor`).
                for _ in 0..<options.count(full: 20_000, quick: 2_000) {
                    if side == "floor" { try floorRound() } else { try await courierRound() }
                }
                await socket.close()
                return [ScenarioResult(id: "ws-echo-1k", scenario: "profiled", goal: .none)]
            }
            let warmUp = 200
            let count = options.count(full: 5000, quick: 200)
            var courier: [Stopwatch] = []
            var baseline: [Stopwatch] = []
            for index in 0..<(warmUp + count) {
                for side in index.isMultiple(of: 2) ? [0, 1] : [1, 0] {
                    if side == 0 {
                        let time = try await Stopwatch.measure { try floorRound() }
                        if index >= warmUp { baseline.append(time) }
                    } else {
                        let time = try await Stopwatch.measure { try await courierRound() }
                        if index >= warmUp { courier.append(time) }
                    }
                }
            }
            await socket.close()
            var result = ScenarioResult(
                id: "ws-echo-1k",
                scenario: "WebSocket echo of a 1 KiB text message (Courier on libcurl vs a bare RFC 6455 loop)",
                unit: "µs/round trip", goal: .maxRatio(1.5))
            result.fill(courier: courier, baseline: baseline)
            result.note = "\(count) round trips a side, alternating; the bench's own loopback server"
            return [result] + (try peerRow(options, mode: "echo", count: count, against: result))
        }

        /// `ws-receive-64m`: 64 MiB of binary messages (64 of 1 MiB) received; with a peer,
        /// `ws-receive-64m-websocket-kit` too.
        static func throughput(_ options: BenchOptions) async throws -> [ScenarioResult] {
            let server = try WebSocketBenchServer()
            let floor = try WebSocketFloor(port: server.port)
            let socket = try await open(server)
            var messages = socket.messages.makeAsyncIterator()
            let command = "flood 64 \(1 << 20)"
            func floorRound() throws {
                try floor.send(Array(command.utf8), opcode: 1)
                for _ in 0..<64 { try floor.receive() }
            }
            func courierRound() async throws {
                try await socket.send(.text(command))
                for _ in 0..<64 {
                    guard try await messages.next() != nil else { throw BenchError.unexpected("the socket closed") }
                }
            }
            if let side = options.profileSide {
                // One side alone, for a profiler: `--only ws-receive-64m --profile-side courier` (or `floor`).
                for _ in 0..<options.count(full: 20, quick: 4) {
                    if side == "floor" { try floorRound() } else { try await courierRound() }
                }
                await socket.close()
                return [ScenarioResult(id: "ws-receive-64m", scenario: "profiled", goal: .none)]
            }
            let rounds = options.count(full: 7, quick: 1)
            var courier: [Stopwatch] = []
            var baseline: [Stopwatch] = []
            for round in 0..<(rounds + 1) {
                for side in round.isMultiple(of: 2) ? [0, 1] : [1, 0] {
                    if side == 0 {
                        let time = try await Stopwatch.measure { try floorRound() }
                        if round > 0 { baseline.append(time) }
                    } else {
                        let time = try await Stopwatch.measure { try await courierRound() }
                        if round > 0 { courier.append(time) }
                    }
                }
            }
            await socket.close()
            var result = ScenarioResult(
                id: "ws-receive-64m",
                scenario:
                    "WebSocket: 64 MiB received as 64 binary messages of 1 MiB (Courier on libcurl vs a bare loop)",
                unit: "µs/64 MiB", goal: .maxRatio(1 / 0.7))
            result.fill(courier: courier, baseline: baseline)
            let mebibytesPerSecond = { (micros: Double?) in Format.number(64 / ((micros ?? 1) / 1_000_000)) }
            result.note =
                "\(rounds) rounds a side; ≤ 1.43× the floor's time is ≥ 0.7× its throughput: Courier "
                + "\(mebibytesPerSecond(result.courierMicros)) MiB/s, floor \(mebibytesPerSecond(result.baselineMicros)) MiB/s"
            return [result] + (try peerRow(options, mode: "receive", count: rounds, against: result))
        }

        /// The row of websocket-kit's client (the peer binary of `--websocket-peer`) doing what
        /// `courier`'s row measured, against a server of its own: Courier ÷ websocket-kit, which
        /// Courier must keep below 1.
        private static func peerRow(_ options: BenchOptions, mode: String, count: Int, against courier: ScenarioResult)
            throws -> [ScenarioResult]
        {
            guard
                let peer = options.webSocketPeer
                    ?? options.peerDirectory?.appendingPathComponent("peer-websocket-kit").path
            else { return [] }
            let server = try WebSocketBenchServer()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: peer)
            process.arguments = [mode, String(server.port), String(count)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0,
                let micros = text.split(separator: " ").last.flatMap({
                    Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
                })
            else { throw BenchError.unexpected("the websocket-kit peer failed: \(text)") }
            var row = ScenarioResult(
                id: courier.id + "-websocket-kit",
                scenario: courier.scenario.replacingOccurrences(of: "a bare RFC 6455 loop", with: "websocket-kit")
                    .replacingOccurrences(of: "a bare loop", with: "websocket-kit"),
                unit: courier.unit, goal: .maxRatio(1))
            row.courierMicros = courier.courierMicros
            row.baselineMicros = micros
            row.ratio = courier.courierMicros.map { $0 / micros }
            row.note = "websocket-kit 2.16.2 (SwiftNIO) measured after Courier, alone; ratio of the medians"
            return [row]
        }

    }

    extension ScenarioResult {
        /// The medians of both sides, wall and process CPU time, and the medians of their
        /// per-measurement ratios (each measurement taken on both sides back to back).
        fileprivate mutating func fill(courier: [Stopwatch], baseline: [Stopwatch]) {
            courierMicros = courier.map(\.wall).median
            courierCPUMicros = courier.map(\.cpu).median
            baselineMicros = baseline.map(\.wall).median
            ratio = zip(courier, baseline).map { $0.wall / $1.wall }.median
            cpuRatio = zip(courier, baseline).map { $0.cpu / max($1.cpu, 1) }.median
        }
    }
#endif
