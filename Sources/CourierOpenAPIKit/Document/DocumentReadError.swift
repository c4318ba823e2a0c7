/// Why a document could not be read, and where: the line and column (from 1) where reading stopped.
package struct DocumentReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    package var message: String
    /// The line, from 1.
    package var line: Int
    /// The column, from 1, in Unicode scalars (see ``TextLocation``).
    package var column: Int

    /// An error at `line` and `column`.
    package init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    init(message: String, position: (line: Int, column: Int)) {
        self.init(message: message, line: position.line, column: position.column)
    }

    /// `line L, column C: message`.
    package var description: String { "line \(line), column \(column): \(message)" }
}
