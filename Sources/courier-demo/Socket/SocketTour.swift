import Courier
import CourierPlugins
import CourierTesting

/// `courier-demo socket` without `--url`: a chat room answered by a scripted conversation, through
/// the same plugins as a real socket (the token, the logger with each message), every message
/// printed as it arrives.
struct SocketTour {
    let console: Console

    func run() async -> Int32 {
        let stubs = Stubs<ChatRoomAPI>().on(where: { _ in true }, .webSocket(ChatRoomAPI.conversation()))
        let provider = Provider(
            stubs: stubs,
            plugins: [AccessTokenPlugin { _ in "demo-token" }, Logging.plugin(console, extra: .webSocketMessages)])
        console.print(
            "Courier demo, a WebSocket offline: a chat room answered by a scripted conversation, through the",
            "same plugins as a real socket. Each event is printed as it arrives, with the time since the handshake.",
            "")
        let started = ContinuousClock.now
        do throws(CourierError) {
            let socket = try await provider.webSocket(.room("swift"))
            console.print(
                "Open: HTTP \(socket.response.statusCode), subprotocol \(socket.negotiatedProtocol ?? "none")")
            for try await event in socket.messages.decode(ChatRoomAPI.Event.self) {
                console.print(
                    "  \(Elapsed.since(started))  \(event.kind): \(event.from.map { "\($0): " } ?? "")\(event.text ?? "")"
                )
                if event.from == "linus" {
                    try await socket.send(encoding: ChatRoomAPI.Say(text: "hello from courier-demo"))
                }
                if event.from == "ada", event.text?.hasPrefix("welcome") == true {
                    try await socket.send(encoding: ChatRoomAPI.Say(text: "bye"))
                }
            }
            console.print(
                "", "Closed by the room: \(socket.closeCode.map { "\($0)" } ?? "?"), \"\(socket.closeReason ?? "")\"")
            return 0
        } catch {
            console.error("courier-demo: the socket failed: \(error.description)")
            return 1
        }
    }
}
