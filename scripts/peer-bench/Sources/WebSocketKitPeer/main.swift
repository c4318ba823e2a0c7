// websocket-kit's client in courier-bench's WebSocket rows: the same work as Courier's side, against
// the bench's own server, timed the same way.
//
//   peer-websocket-kit echo PORT COUNT      COUNT round trips of a 1 KiB text message (after 200
//                                           to warm up); prints `median_us X`
//   peer-websocket-kit receive PORT ROUNDS  ROUNDS times 64 binary messages of 1 MiB (after one to
//                                           warm up); prints `median_us X` per 64 MiB
import Foundation
import NIOCore
import NIOPosix
import WebSocketKit

/// What the socket received, handed from the event loop to the measuring task.
final class Inbox: Sendable {
    let stream: AsyncStream<Int>
    let continuation: AsyncStream<Int>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    }
}

func micros(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Connects, measures what `mode` asks for, and returns the samples in µs.
func measure(mode: String, port: Int, count: Int) async throws -> [Double] {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let inbox = Inbox()
    let opened = AsyncStream<WebSocket>.makeStream()
    let configuration = WebSocketClient.Configuration(maxFrameSize: 2 << 20)
    try await WebSocket.connect(to: "ws://127.0.0.1:\(port)", configuration: configuration, on: group) { socket in
        socket.onText { _, text in inbox.continuation.yield(text.utf8.count) }
        socket.onBinary { _, buffer in inbox.continuation.yield(buffer.readableBytes) }
        opened.continuation.yield(socket)
    }.get()
    var sockets = opened.stream.makeAsyncIterator()
    guard let socket = await sockets.next() else { return [] }
    var received = inbox.stream.makeAsyncIterator()
    var samples: [Double] = []
    if mode == "echo" {
        let text = String(repeating: "x", count: 1024)
        for index in 0..<(200 + count) {
            let started = ContinuousClock.now
            try await socket.send(text)
            _ = await received.next()
            if index >= 200 { samples.append(micros(since: started)) }
        }
    } else {
        for round in 0..<(1 + count) {
            let started = ContinuousClock.now
            try await socket.send("flood 64 \(1 << 20)")
            for _ in 0..<64 { _ = await received.next() }
            if round > 0 { samples.append(micros(since: started)) }
        }
    }
    try await socket.close(code: .normalClosure).get()
    try await group.shutdownGracefully()
    return samples
}

let arguments = CommandLine.arguments
guard arguments.count == 4, ["echo", "receive"].contains(arguments[1]), let port = Int(arguments[2]),
    let count = Int(arguments[3])
else {
    FileHandle.standardError.write(Data("usage: peer-websocket-kit echo|receive PORT COUNT\n".utf8))
    exit(2)
}
print("median_us \(median(try await measure(mode: arguments[1], port: port, count: count)))")
