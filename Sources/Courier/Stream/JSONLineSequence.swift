import Foundation

/// The body of a ``StreamedResponse`` as JSON lines (NDJSON), each decoded as `Row`; get one from
/// ``StreamedResponse/jsonLines(_:decoder:maximumLineLength:)``.
///
/// Lines end at LF, CRLF or CR; blank lines (spaces and tabs only) are skipped; a last line
/// without a line ending is decoded too. Each line is decoded when the caller asks for it.
public struct JSONLineSequence<Row: Decodable>: AsyncSequence, Sendable {
    /// The decoded rows.
    public typealias Element = Row
    /// Iteration throws ``CourierError``.
    public typealias Failure = CourierError

    let source: StreamSource
    let decoder: any DataDecoder
    let maximumLength: Int

    /// Creates the iterator. The body is read once: see ``StreamedResponse``.
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            lines: LineReader(StreamReader(source), maximumLength: maximumLength, collector: JSONLines()),
            decoder: decoder)
    }

    /// Reads the rows of a ``JSONLineSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        /// Iteration throws ``CourierError``.
        public typealias Failure = CourierError

        private var lines: LineReader<JSONLines>
        private let decoder: any DataDecoder

        init(lines: LineReader<JSONLines>, decoder: any DataDecoder) {
            self.lines = lines
            self.decoder = decoder
        }

        /// The next row, `nil` after the last one.
        /// - Throws: ``CourierError``: ``CourierError/objectMapping(_:_:)`` when a line does not
        ///   decode, with a response whose data is that line; the transfer's error, or
        ///   ``StreamError/lineTooLong(limit:)`` wrapped in ``CourierError/underlying(_:_:)``,
        ///   with the head as the response.
        public mutating func next() async throws(CourierError) -> Row? {
            try await nextRow(isolation: nil)
        }

        /// The same as ``next()``, run in the caller's isolation: what `for try await` calls from the
        /// Swift 6.0 runtime on (iOS 18, macOS 15); before it, the loop calls ``next()``.
        /// - Throws: ``CourierError``, as ``next()``.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(CourierError) -> Row? {
            try await nextRow(isolation: actor)
        }

        private mutating func nextRow(isolation actor: isolated (any Actor)?) async throws(CourierError) -> Row? {
            guard let line = try await lines.nextItem(isolation: actor) else { return nil }
            do {
                return try decoder.decode(Row.self, from: line)
            } catch {
                let head = lines.reader.response
                let response = Response(
                    statusCode: head.statusCode, data: line, request: head.request, response: head.response)
                throw lines.fail(.objectMapping(error, response))
            }
        }
    }
}

/// Keeps each line that is not blank, as `Data`.
struct JSONLines: LineCollecting {
    private var line: Data?

    mutating func consume(_ line: UnsafeRawBufferPointer) throws(StreamError) -> Bool {
        guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return true }
        self.line = Data(line)
        return false
    }

    mutating func take() -> Data? {
        defer { line = nil }
        return line
    }
}
