import Foundation

/// What the command line asks for, parsed by hand: the demo has no dependencies, and its grammar
/// is small enough to read in one screen.
///
/// ```text
/// courier-demo [--help] [--base-url URL [COMMAND [ARGUMENT] [--output FILE]] [--verbose]]
/// ```
enum Invocation: Equatable {
    /// `--help` or `-h`, anywhere.
    case help
    /// No arguments: the offline tour.
    case offline
    /// `--base-url URL [COMMAND] [--verbose]`: a command against a live httpbin server; with
    /// `--verbose`, each response's transfer metrics are logged too.
    case live(baseURL: URL, command: LiveCommand, verbose: Bool = false)

    /// A command against the live server.
    enum LiveCommand: Equatable {
        /// `get`, the default.
        case get
        /// `post-json`
        case postJSON
        /// `upload FILE`
        case upload(file: URL)
        /// `download N [--output FILE]`; `output` is `nil` for a temporary file.
        case download(bytes: Int, output: URL?)
        /// `status CODE`
        case status(code: Int)
    }

    /// Parses the arguments that follow the program's name.
    /// - Throws: ``UsageError`` with a one-line message for anything it does not understand.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        if arguments.contains("--help") || arguments.contains("-h") { return .help }
        var baseURLText: String?
        var outputPath: String?
        var verbose = false
        var positionals: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if let value = try option("--base-url", in: argument, rest: &remaining) {
                baseURLText = value
            } else if let value = try option("--output", in: argument, rest: &remaining) {
                outputPath = value
            } else if argument == "--verbose" {
                verbose = true
            } else if argument.hasPrefix("-") {
                throw UsageError("unknown option '\(argument)'")
            } else {
                positionals.append(argument)
            }
        }
        if positionals.isEmpty, baseURLText == nil, outputPath == nil, !verbose { return .offline }
        let command = try LiveCommand(positionals, output: outputPath)
        guard let baseURLText else {
            throw UsageError(
                positionals.isEmpty && verbose
                    ? "--verbose is an option of the live commands, which need --base-url URL"
                    : "'\(positionals.first ?? "get")' needs --base-url URL")
        }
        return .live(baseURL: try baseURL(baseURLText), command: command, verbose: verbose)
    }

    /// The value of `--name VALUE` or `--name=VALUE`, or `nil` when `argument` is another one.
    private static func option(
        _ name: String, in argument: String, rest: inout ArraySlice<String>
    ) throws(UsageError) -> String? {
        if argument.hasPrefix(name + "=") { return String(argument.dropFirst(name.count + 1)) }
        guard argument == name else { return nil }
        guard let value = rest.popFirst(), !value.hasPrefix("-") else { throw UsageError("\(name) needs a value") }
        return value
    }

    private static func baseURL(_ text: String) throws(UsageError) -> URL {
        try CommandWords.serverURL(text)
    }
}

extension Invocation.LiveCommand {
    /// The command named by `words`, `get` when there are none.
    fileprivate init(_ words: [String], output: String?) throws(UsageError) {
        let name = words.first ?? "get"
        let arguments = words.dropFirst()
        if output != nil, name != "download" { throw UsageError("--output is an option of the download command") }
        switch name {
        case "get", "post-json":
            guard arguments.isEmpty else { throw UsageError("\(name) takes no arguments") }
            self = name == "get" ? .get : .postJSON
        case "upload":
            let path = try Self.single(arguments, of: name, named: "FILE")
            self = .upload(file: URL(fileURLWithPath: path))
        case "download":
            let count = try Self.number(Self.single(arguments, of: name, named: "N"), of: name, in: 1...Int(Int32.max))
            self = .download(bytes: count, output: output.map { URL(fileURLWithPath: $0) })
        case "status":
            self = .status(
                code: try Self.number(Self.single(arguments, of: name, named: "CODE"), of: name, in: 100...599))
        default:
            throw UsageError("unknown command '\(name)'")
        }
    }

    private static func single(_ arguments: ArraySlice<String>, of command: String, named name: String)
        throws(UsageError) -> String
    {
        guard let value = arguments.first else { throw UsageError("\(command) needs \(name)") }
        guard arguments.count == 1 else { throw UsageError("\(command) takes one argument, \(name)") }
        return value
    }

    private static func number(_ text: String, of command: String, in range: ClosedRange<Int>) throws(UsageError)
        -> Int
    {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                "\(command) needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }
}
