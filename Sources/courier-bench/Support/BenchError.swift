/// Why the benchmark stopped.
enum BenchError: Error, CustomStringConvertible {
    /// A bad command line; `nil` asks for the usage text alone.
    case usage(String?)
    /// A scenario got an answer it did not expect, so its numbers would mean nothing.
    case unexpected(String)

    var description: String {
        switch self {
        case .usage(let message?): "\(message)\n\(BenchOptions.usage)"
        case .usage(nil): BenchOptions.usage
        case .unexpected(let message): message
        }
    }
}
