/// Why a file could not be read as Swift; the file is then left exactly as it is.
struct LexError: Error, Equatable, CustomStringConvertible {
    /// The line where the construct that could not be read starts.
    let line: Int
    /// What could not be read, e.g. "unterminated string literal".
    let reason: String

    var description: String { "\(reason) starting on line \(line)" }
}
