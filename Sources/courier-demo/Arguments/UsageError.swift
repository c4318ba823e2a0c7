/// Arguments the demo does not understand: printed as one line, and the exit status is 2.
struct UsageError: Error, Equatable {
    /// What is wrong, without the program's name.
    let message: String

    init(_ message: String) {
        self.message = message
    }

    /// The line printed on standard error.
    var line: String { "courier-demo: \(message) (see courier-demo --help)" }
}
