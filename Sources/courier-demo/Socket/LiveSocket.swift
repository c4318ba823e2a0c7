import Courier
import CourierPlugins
import Foundation

/// `courier-demo socket --url ws://…`: a few messages to a live echo server (scripts/websocket-server.sh
/// runs one), each echo printed with its round trip, then a clean close.
struct LiveSocket {
    let url: URL
    let console: Console

    /// A socket at a URL given on the command line.
    struct Target: TargetType {
        let baseURL: URL
        var path: String { "" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .webSocket(protocols: ["chat.v2"]) }
    }

    func run() async -> Int32 {
        let provider = Provider<Target>(plugins: [Logging.plugin(console, extra: .webSocketMessages)])
        do throws(CourierError) {
            let socket = try await provider.webSocket(Target(baseURL: url))
            let extensions = socket.response.response?.value(forHTTPHeaderField: "Sec-WebSocket-Extensions")
            console.print(
                "Open: HTTP \(socket.response.statusCode), subprotocol \(socket.negotiatedProtocol ?? "none"), "
                    + "extensions \(extensions ?? "none")")
            var echoes = socket.messages.makeAsyncIterator()
            let messages: [WebSocketMessage] = [
                .text("hello"), .text(#"{"kind":"say","text":"κόσμε"}"#),
                .binary(Data((0..<1024).map { UInt8($0 % 256) })),
                .text(String(repeating: "compressible ", count: 100)),
            ]
            for message in messages {
                let sent = ContinuousClock.now
                try await socket.send(message)
                guard let echo = try await echoes.next() else { break }
                let roundTrip = ContinuousClock.now - sent
                console.print(
                    "  \(message) came back \(echo == message ? "intact" : "CHANGED") in \(Self.milliseconds(roundTrip))"
                )
            }
            let pingStarted = ContinuousClock.now
            try await socket.ping()
            console.print("  ping answered in \(Self.milliseconds(ContinuousClock.now - pingStarted))")
            await socket.close(code: .normalClosure, reason: "demo done")
            console.print("Closed: \(socket.closeCode.map { "\($0)" } ?? "?")")
            return 0
        } catch {
            console.error("courier-demo: the socket failed: \(error.description)")
            return 1
        }
    }

    /// `0.42 ms`.
    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(format: "%.2f ms", value)
    }
}
