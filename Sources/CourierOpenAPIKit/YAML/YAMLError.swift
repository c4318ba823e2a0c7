/// Why a YAML document could not be read, and where.
///
/// `line` and `column` are 1-based; a column counts Unicode scalars (a tab is one column), so an
/// editor's "go to line and column" lands on the character the message is about.
package struct YAMLError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The line, from 1.
    package let line: Int
    /// The column in that line, from 1, counted in Unicode scalars.
    package let column: Int
    /// What was wrong, and what was expected there.
    package let message: String

    /// An error at `line` and `column` (both 1-based).
    package init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line 3, column 7: <message>`.
    package var description: String { "line \(line), column \(column): \(message)" }
}
