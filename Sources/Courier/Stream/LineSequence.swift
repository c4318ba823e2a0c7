import Foundation

/// The body of a ``StreamedResponse`` as text lines; get one from ``StreamedResponse/lines``.
///
/// Lines end at LF, CRLF or CR, wherever the chunks are cut (a CRLF split between two chunks is
/// one line ending), and are decoded as UTF-8 once whole, so a character split between chunks is
/// never mangled; invalid bytes become U+FFFD. Blank lines are kept; a last line without a line
/// ending is included; a byte order mark at the start is dropped.
public struct LineSequence: AsyncSequence, Sendable {
    /// The lines, without their line endings.
    public typealias Element = String
    /// Iteration throws ``CourierError``.
    public typealias Failure = CourierError

    let source: StreamSource
    let maximumLength: Int

    /// Creates the iterator. The body is read once: see ``StreamedResponse``.
    public func makeAsyncIterator() -> Iterator {
        Iterator(lines: LineReader(StreamReader(source), maximumLength: maximumLength, collector: TextLines()))
    }

    /// Reads the lines of a ``LineSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        /// Iteration throws ``CourierError``.
        public typealias Failure = CourierError

        private var lines: LineReader<TextLines>

        init(lines: LineReader<TextLines>) {
            self.lines = lines
        }

        /// The next line, `nil` after the last one.
        /// - Throws: ``CourierError``: the transfer's error, or ``StreamError/lineTooLong(limit:)``
        ///   wrapped in ``CourierError/underlying(_:_:)``, with the head as the response.
        public mutating func next() async throws(CourierError) -> String? {
            try await lines.nextItem(isolation: nil)
        }

        /// The same as ``next()``, run in the caller's isolation: what `for try await` calls from the
        /// Swift 6.0 runtime on (iOS 18, macOS 15); before it, the loop calls ``next()``.
        /// - Throws: ``CourierError``, as ``next()``.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(CourierError) -> String? {
            try await lines.nextItem(isolation: actor)
        }
    }
}

/// Turns each line into a string.
struct TextLines: LineCollecting {
    private var line: String?

    mutating func consume(_ line: UnsafeRawBufferPointer) throws(StreamError) -> Bool {
        self.line = UTF8Text.decode(line)
        return false
    }

    mutating func take() -> String? {
        defer { line = nil }
        return line
    }
}
