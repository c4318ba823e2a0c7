/// The demo's entry point, apart from the process: it reads arguments and returns the exit status,
/// so tests can call it as well as run the binary.
enum CourierDemo {
    /// Runs the demo for `arguments` (without the program's name); returns the exit status:
    /// 0 on success, 1 when a request failed, 2 for wrong arguments.
    static func run(_ arguments: [String], console: Console = Console()) async -> Int32 {
        if let stream = StreamCommand.parse(arguments) { return await StreamCommand.run(stream, console: console) }
        if let cache = CacheCommand.parse(arguments) { return await CacheCommand.run(cache, console: console) }
        if let resume = ResumeCommand.parse(arguments) { return await ResumeCommand.run(resume, console: console) }
        if let petstore = PetstoreCommand.parse(arguments) {
            return await PetstoreCommand.run(petstore, console: console)
        }
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments)
        } catch {
            console.error(error.line)
            return 2
        }
        switch invocation {
        case .help:
            console.print(HelpText.text)
            return 0
        case .offline:
            return await OfflineTour(console: console).run()
        case .live(let baseURL, let command, let verbose):
            return await LiveSession(baseURL: baseURL, console: console, verbose: verbose).run(command)
        }
    }
}
