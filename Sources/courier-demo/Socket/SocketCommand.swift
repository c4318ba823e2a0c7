import Foundation

/// `courier-demo socket`: a WebSocket. Offline, a chat room answered by a scripted conversation;
/// with `--url ws://…`, a few messages to a live echo server.
///
/// ```text
/// courier-demo socket [--url ws://HOST:PORT/echo]
/// ```
struct SocketCommand: Equatable, DemoSubcommand {
    /// Where the socket goes.
    enum Source: Equatable {
        /// The scripted chat room.
        case offline
        /// A live echo server.
        case live(URL)
        /// `socket --help`: the command's usage.
        case help
    }

    let source: Source

    static let help = """
        courier-demo socket [--url ws://HOST:PORT/PATH]
          Offline: a chat room answered by a scripted conversation (CourierTesting's WebSocketScript),
          through the same plugins as a real socket, each message printed as it arrives. With --url:
          text, JSON, binary and a large compressible message sent to an echo server (such as
          scripts/websocket-server.sh's /echo), each echo printed with its round trip, a ping, a close.
        """

    /// The command `arguments` ask for, if their first word is `socket`; `nil` for any other.
    static func parse(_ arguments: [String]) -> Result<SocketCommand, UsageError>? {
        guard arguments.first == "socket" else { return nil }
        return Result { () throws(UsageError) in try command(arguments.dropFirst()) }
    }

    private static func command(_ words: ArraySlice<String>) throws(UsageError) -> SocketCommand {
        if words.contains("--help") || words.contains("-h") { return SocketCommand(source: .help) }
        var words = words
        guard let first = words.popFirst() else { return SocketCommand(source: .offline) }
        let text: String
        if first == "--url" {
            guard let value = words.popFirst() else { throw UsageError("--url needs a value") }
            text = value
        } else if first.hasPrefix("--url=") {
            text = String(first.dropFirst("--url=".count))
        } else {
            throw UsageError("unknown argument '\(first)' for socket")
        }
        if let extra = words.first { throw UsageError("unknown argument '\(extra)' for socket") }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["ws", "wss"].contains(scheme),
            url.host?.isEmpty == false
        else { throw UsageError("--url needs a ws or wss URL such as ws://127.0.0.1:8765/echo, not '\(text)'") }
        return SocketCommand(source: .live(url))
    }

    /// Runs the command; returns the exit status: 0, or 1 when the socket failed.
    func run(console: Console) async -> Int32 {
        switch source {
        case .help:
            console.print(Self.help)
            return 0
        case .offline:
            return await SocketTour(console: console).run()
        case .live(let url):
            return await LiveSocket(url: url, console: console).run()
        }
    }
}
