import Foundation

/// `courier-migrate [--dry-run] PATH...`: rewrites Swift sources from Moya to Courier.
///
/// Exits with 0 unless a file or folder could not be read or written (1), or the command line was
/// not understood (64). Places that need a hand do not change the exit status: they are listed.
@main
enum CourierMigrate {
    static func main() {
        let arguments: Arguments
        do {
            guard let parsed = try Arguments.parse(Array(CommandLine.arguments.dropFirst())) else {
                print(Arguments.usage)
                return
            }
            arguments = parsed
        } catch {
            FileHandle.standardError.write(Data("courier-migrate: \(error.message)\n\(Arguments.usage)\n".utf8))
            exit(64)
        }
        var run = MigrationRun(dryRun: arguments.dryRun)
        run.migrate(paths: arguments.paths)
        print(run.summary)
        exit(run.ioErrors == 0 ? 0 : 1)
    }
}
