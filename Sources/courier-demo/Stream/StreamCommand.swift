import Foundation

/// `courier-demo stream`: a streamed response printed as it arrives. Offline, a chat completion
/// streamed as server-sent events from a scripted stub; with `--base-url`, httpbin's JSON lines
/// (`/stream/N`) and a slow drip of bytes (`/drip`).
///
/// ```text
/// courier-demo stream [--base-url URL [N]]
/// ```
struct StreamCommand: Equatable, DemoSubcommand {
    /// Where the stream comes from.
    enum Source: Equatable {
        /// The scripted stub.
        case offline
        /// An httpbin server; `rows` JSON lines from `/stream/N`.
        case live(baseURL: URL, rows: Int)
        /// `stream --help`: the command's usage.
        case help
    }

    let source: Source

    static let help = """
        courier-demo stream [--base-url URL [N]]
          Offline: a chat completion streamed as server-sent events from a scripted stub, each
          token printed as it arrives. With --base-url: N JSON lines from httpbin's /stream/N
          (5 by default, at most 100), then a slow drip of bytes from /drip, printed as they come.
        """

    /// The command `arguments` ask for, if their first word is `stream`; `nil` for any other
    /// command.
    static func parse(_ arguments: [String]) -> Result<StreamCommand, UsageError>? {
        CommandWords.split(arguments, for: "stream").map { split in
            split.flatMap { parsed in
                Result { () throws(UsageError) in try command(parsed.words.dropFirst(), baseURL: parsed.baseURL) }
            }
        }
    }

    private static func command(_ words: ArraySlice<String>, baseURL: String?) throws(UsageError) -> StreamCommand {
        if words.contains("--help") || words.contains("-h") { return StreamCommand(source: .help) }
        if let option = words.first(where: { $0.hasPrefix("-") }) {
            throw UsageError("unknown option '\(option)' for stream")
        }
        guard let baseURL else {
            guard words.isEmpty else { throw UsageError("stream takes N only with --base-url") }
            return StreamCommand(source: .offline)
        }
        let url = try CommandWords.serverURL(baseURL)
        guard words.count <= 1 else { throw UsageError("stream takes one argument, N") }
        let rows = words.first.map { Int($0) } ?? 5
        guard let rows, (1...100).contains(rows) else {
            throw UsageError("stream needs a whole number from 1 to 100, not '\(words.first ?? "")'")
        }
        return StreamCommand(source: .live(baseURL: url, rows: rows))
    }

    /// Runs the command; returns the exit status: 0, or 1 when the stream failed.
    func run(console: Console) async -> Int32 {
        switch source {
        case .help:
            console.print(Self.help)
            return 0
        case .offline:
            return await StreamTour(console: console).run()
        case .live(let baseURL, let rows):
            return await LiveStream(baseURL: baseURL, console: console).run(rows: rows)
        }
    }
}
