/// A subcommand of the demo with a parser of its own (`cache`, `stream`).
protocol DemoSubcommand {
    /// Runs the command; returns the exit status.
    func run(console: Console) async -> Int32
}

extension DemoSubcommand {
    /// Runs what a parser found: the command, or its usage error (exit status 2).
    static func run(_ parsed: Result<Self, UsageError>, console: Console) async -> Int32 {
        switch parsed {
        case .success(let command): return await command.run(console: console)
        case .failure(let error):
            console.error(error.line)
            return 2
        }
    }
}
