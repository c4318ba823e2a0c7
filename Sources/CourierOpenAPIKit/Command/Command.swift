/// The command line, parsed by hand (the tool has no dependencies).
package enum Command: Equatable {
    /// `--help`.
    case help
    /// `generate`.
    case generate(GenerateCommand)

    package static let usage = """
        usage: courier-openapi generate SPEC --output DIR [--name API] [--access public|internal] [--samples]
                                    [--model-files N]

        Writes Courier targets, typed targets, models and sample data for the OpenAPI 3.0 or 3.1
        document SPEC (JSON or YAML) into DIR.

          --output DIR       where the Swift files go (created if needed; older files of the same API are replaced)
          --name API         the enum's name (default: API)
          --access LEVEL     public (default) or internal
          --samples          also write API+Samples.swift: a target for every operation, for tests
          --model-files N    spread the models over exactly N files (a build plugin names its outputs in advance)
          -h, --help         this text

        Warnings about what the document says that Swift cannot express go to standard error, with the
        JSON pointer of the place; the exit status is 0 unless the document cannot be read or written.
        """

    /// Parses the arguments after the program's name.
    /// - Throws: ``CommandError`` naming what is wrong.
    package static func parse(_ arguments: [String]) throws(CommandError) -> Command {
        guard let verb = arguments.first else { throw CommandError("no command given", showsUsage: true) }
        if verb == "-h" || verb == "--help" || verb == "help" { return .help }
        guard verb == "generate" else { throw CommandError("unknown command \"\(verb)\"", showsUsage: true) }
        var command = GenerateCommand()
        var spec: String?
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": return .help
            case "--output", "-o": command.outputPath = try value(of: argument, &rest)
            case "--name":
                let name = try value(of: argument, &rest)
                guard name.first.map({ $0.isLetter || $0 == "_" }) == true,
                    name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
                else { throw CommandError("--name must be a Swift type name, not \"\(name)\"") }
                command.name = name
            case "--access":
                switch try value(of: argument, &rest) {
                case "public": command.isPublic = true
                case "internal": command.isPublic = false
                case let other: throw CommandError("--access is public or internal, not \"\(other)\"")
                }
            case "--samples": command.emitsSamples = true
            case "--model-files":
                let text = try value(of: argument, &rest)
                guard let count = Int(text), (1...999).contains(count) else {
                    throw CommandError("--model-files is a number from 1 to 999, not \"\(text)\"")
                }
                command.modelFiles = count
            default:
                guard !argument.hasPrefix("-") else {
                    throw CommandError("unknown option \(argument)", showsUsage: true)
                }
                guard spec == nil else { throw CommandError("more than one document given: \(argument)") }
                spec = argument
            }
        }
        guard let spec else { throw CommandError("no document given", showsUsage: true) }
        guard !command.outputPath.isEmpty else { throw CommandError("--output DIR is required", showsUsage: true) }
        command.specPath = spec
        return .generate(command)
    }

    private static func value(of option: String, _ rest: inout ArraySlice<String>) throws(CommandError) -> String {
        guard let value = rest.popFirst(), !value.hasPrefix("--") else {
            throw CommandError("\(option) needs a value")
        }
        return value
    }
}

/// `generate`'s settings.
package struct GenerateCommand: Equatable {
    package var specPath = ""
    package var outputPath = ""
    package var name = "API"
    package var isPublic = true
    package var emitsSamples = false
    package var modelFiles: Int?

    /// The settings; a document and an output folder are required to run.
    package init(
        specPath: String = "", outputPath: String = "", name: String = "API", isPublic: Bool = true,
        emitsSamples: Bool = false, modelFiles: Int? = nil
    ) {
        self.specPath = specPath
        self.outputPath = outputPath
        self.name = name
        self.isPublic = isPublic
        self.emitsSamples = emitsSamples
        self.modelFiles = modelFiles
    }
}

/// A failure to report on standard error, with the exit status.
package struct CommandError: Error {
    package let message: String
    package let status: Int32
    package let showsUsage: Bool

    package init(_ message: String, status: Int32 = 2, showsUsage: Bool = false) {
        self.message = message
        self.status = status
        self.showsUsage = showsUsage
    }
}
