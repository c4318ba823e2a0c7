import Foundation

/// `courier-demo --base-url URL download N --resume`: a download interrupted halfway and resumed
/// from the byte it stopped at, against httpbin's `/range/N` (which honours `Range`; `/drip`
/// does not, and offers no validator, so it could only start again).
///
/// The command reads as `download N` with one more option, so it is parsed as `download` is
/// (``Invocation``), `--resume` aside.
struct ResumeCommand: Equatable {
    /// The httpbin server.
    let baseURL: URL
    /// How many bytes to download: httpbin's `/range/N` serves 1 to 102400.
    let bytes: Int
    /// Where to save them; `nil` for a temporary file.
    let output: URL?

    /// The most bytes httpbin's `/range/N` serves.
    static let largest = 102_400

    /// The command `arguments` ask for, if they contain `--resume`; `nil` otherwise.
    static func parse(_ arguments: [String]) -> Result<ResumeCommand, UsageError>? {
        guard arguments.contains("--resume") else { return nil }
        return Result { () throws(UsageError) in
            let invocation = try Invocation.parse(arguments.filter { $0 != "--resume" })
            guard case .live(let baseURL, .download(let bytes, let output), _) = invocation else {
                throw UsageError("--resume is an option of the download command")
            }
            guard bytes <= largest else {
                throw UsageError("download --resume needs N from 1 to \(largest), what httpbin's /range/N serves")
            }
            return ResumeCommand(baseURL: baseURL, bytes: bytes, output: output)
        }
    }

    /// Runs what `parse` found: the command, or its usage error (exit status 2).
    static func run(_ parsed: Result<ResumeCommand, UsageError>, console: Console) async -> Int32 {
        switch parsed {
        case .success(let command): return await ResumeTour(command: command, console: console).run()
        case .failure(let error):
            console.error(error.line)
            return 2
        }
    }
}
