/// The command line: `courier-migrate [--dry-run] PATH...`.
struct Arguments: Equatable {
    /// Report what would change without writing any file.
    var dryRun = false
    /// Files and folders to migrate; folders are searched recursively for `.swift` files.
    var paths: [String] = []

    static let usage = """
        usage: courier-migrate [--dry-run] PATH...

        Rewrites Swift sources in place from Moya to Courier: the names of the guide's table (in code
        only, never in string literals or comments), the imports, and the signatures Courier needs.
        Prints `file:line: what to do` for each place it cannot rewrite, then a summary.
        Folders are searched recursively for .swift files (.build, Pods, Carthage, DerivedData and
        hidden folders are skipped). A second run rewrites nothing.

          --dry-run   say what would change, write nothing
          --help      show this text
        """

    /// Why the command line was not understood.
    struct UsageError: Error, Equatable {
        let message: String
    }

    /// Parses the arguments that follow the program's name; `nil` when `--help` was asked for.
    static func parse(_ arguments: [String]) throws(UsageError) -> Arguments? {
        var parsed = Arguments()
        var onlyPaths = false
        for argument in arguments {
            switch argument {
            case _ where onlyPaths: parsed.paths.append(argument)
            case "--": onlyPaths = true
            case "--dry-run", "-n": parsed.dryRun = true
            case "--help", "-h": return nil
            case _ where argument.hasPrefix("-"): throw UsageError(message: "unknown option \(argument)")
            default: parsed.paths.append(argument)
            }
        }
        guard !parsed.paths.isEmpty else { throw UsageError(message: "no PATH given") }
        return parsed
    }
}
