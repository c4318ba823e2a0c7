import Foundation

/// `courier-demo cache`: the provider's HTTP cache at work: an answer reused while fresh, an `ETag`
/// revalidated with a `304`, and a stale answer when the network is gone. Offline, against a
/// scripted origin in the process; with `--base-url`, against httpbin's `/cache/N` and `/etag/TAG`.
///
/// ```text
/// courier-demo cache [--base-url URL]
/// ```
struct CacheCommand: Equatable, DemoSubcommand {
    /// Where the answers come from.
    enum Source: Equatable {
        /// The scripted origin.
        case offline
        /// An httpbin server.
        case live(baseURL: URL)
        /// `cache --help`: the command's usage.
        case help
    }

    let source: Source

    static let help = """
        courier-demo cache [--base-url URL]
          The provider's HTTP cache: GET /cache/60 twice (the second answer comes from the cache),
          GET /etag/courier twice with a policy that always revalidates (the second is a 304 that
          answers the stored body), then GET /cache/0 with the network switched off (the stale
          answer, because the target's policy falls back when offline). Offline it talks to a
          scripted origin in the process; with --base-url, to httpbin.
        """

    /// The command `arguments` ask for, if their first word (not counting `--base-url URL`,
    /// which may come before or after it) is `cache`; `nil` for any other command.
    static func parse(_ arguments: [String]) -> Result<CacheCommand, UsageError>? {
        CommandWords.split(arguments, for: "cache").map { $0.flatMap(command) }
    }

    /// The command the words after `cache` and the base URL name.
    private static func command(_ parsed: CommandWords) -> Result<CacheCommand, UsageError> {
        let (words, baseURL) = (parsed.words, parsed.baseURL)
        if words.contains("--help") || words.contains("-h") { return .success(CacheCommand(source: .help)) }
        if let extra = words.dropFirst().first {
            return .failure(UsageError("cache takes no argument '\(extra)'; see cache --help"))
        }
        guard let baseURL else { return .success(CacheCommand(source: .offline)) }
        return Result { () throws(UsageError) in
            CacheCommand(source: .live(baseURL: try CommandWords.serverURL(baseURL)))
        }
    }

    /// Runs the command; returns the exit status: 0, or 1 when a request failed.
    func run(console: Console) async -> Int32 {
        switch source {
        case .help:
            console.print(Self.help)
            return 0
        case .offline:
            return await CacheTour(origin: nil, console: console).run()
        case .live(let baseURL):
            return await CacheTour(origin: baseURL, console: console).run()
        }
    }
}
