import Foundation

/// Splits a body that arrives in chunks into lines ending in LF, CRLF or CR, wherever the chunks
/// happen to be cut.
///
/// - A CR ends its line at once, and an LF that follows it, in the same chunk or the next, belongs
///   to the same line ending: a line is handed over as soon as its ending arrives, never a chunk
///   late, and a CRLF cut in two is still one line ending.
/// - A line that arrives in several chunks is handed over whole, so a UTF-8 character cut between
///   chunks is whole again before anything decodes it.
/// - A UTF-8 byte order mark at the very start of the body is dropped, as UTF-8 decoding does.
/// - A line longer than `maximumLength` bytes throws ``StreamError/lineTooLong(limit:)`` as soon as
///   that many bytes are waiting, so an endless line never grows the buffer without end.
///
/// Lines that end inside a chunk are handed over in place, without a copy; only the start of a
/// line that a chunk cuts is copied, into a buffer kept between chunks.
struct LineSplitter {
    /// The longest line accepted, in bytes, without its line ending.
    let maximumLength: Int
    /// The start of a line whose ending has not arrived yet.
    private var carried: [UInt8] = []
    /// The last byte seen was a CR, so an LF at the start of the next chunk ends nothing.
    private var afterCR = false
    /// No line has been handed over yet: the first one may start with a byte order mark.
    private var atStart = true

    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")
    /// How much of the carry buffer's memory is kept after a long line: enough for usual lines.
    private static let keptCapacity = 16 * 1024

    /// A splitter for a new body.
    /// - Parameter maximumLength: The longest line accepted, in bytes.
    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    /// Hands every line that ends in `chunk` to `consumer`, and keeps the start of the last line
    /// if the chunk cuts it.
    mutating func split<Consumer: LineConsumer>(_ chunk: Data, into consumer: inout Consumer) throws(StreamError) {
        var failure: StreamError?
        chunk.withUnsafeBytes { bytes in
            do throws(StreamError) {
                try split(bytes, into: &consumer)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Hands every line that ends in `bytes` to `consumer`, and keeps the start of the last line
    /// if `bytes` cut it.
    mutating func split<Consumer: LineConsumer>(
        _ bytes: UnsafeRawBufferPointer, into consumer: inout Consumer
    ) throws(StreamError) {
        let count = bytes.count
        guard count > 0 else { return }
        var start = 0
        if afterCR {
            afterCR = false
            if bytes[0] == Self.lf { start = 1 }
        }
        // The next CR and LF at or after `start` (`count` when none): each is searched once, and
        // again only after the scan has passed it.
        var nextCR = ByteScan.index(of: Self.cr, in: bytes, from: start)
        var nextLF = ByteScan.index(of: Self.lf, in: bytes, from: start)
        while true {
            let end = min(nextCR, nextLF)
            guard end < count else {
                try carry(UnsafeRawBufferPointer(rebasing: bytes[start..<count]))
                return
            }
            try deliver(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), to: &consumer)
            if end == nextLF {
                start = end + 1
                nextLF = ByteScan.index(of: Self.lf, in: bytes, from: start)
                continue
            }
            if end + 1 == count {
                afterCR = true
                return
            }
            start = bytes[end + 1] == Self.lf ? end + 2 : end + 1
            nextCR = ByteScan.index(of: Self.cr, in: bytes, from: start)
            if nextLF < start { nextLF = ByteScan.index(of: Self.lf, in: bytes, from: start) }
        }
    }

    /// Ends the body: hands over its last line if no line ending followed it.
    mutating func finish<Consumer: LineConsumer>(into consumer: inout Consumer) throws(StreamError) {
        afterCR = false
        guard !carried.isEmpty else { return }
        try deliverCarried(to: &consumer)
    }

    /// Forgets everything, for a new body (after a reconnection): a line cut by the old body's end
    /// is dropped, and a byte order mark may start the new one.
    mutating func reset() {
        clearCarried()
        afterCR = false
        atStart = true
    }

    // MARK: - Helpers

    private mutating func carry(_ bytes: UnsafeRawBufferPointer) throws(StreamError) {
        guard !bytes.isEmpty else { return }
        guard carried.count + bytes.count <= maximumLength else { throw .lineTooLong(limit: maximumLength) }
        carried.append(contentsOf: bytes)
    }

    private mutating func deliver<Consumer: LineConsumer>(
        _ bytes: UnsafeRawBufferPointer, to consumer: inout Consumer
    ) throws(StreamError) {
        if carried.isEmpty {
            guard bytes.count <= maximumLength else { throw .lineTooLong(limit: maximumLength) }
            try consumer.consume(withoutByteOrderMark(bytes))
            atStart = false
            return
        }
        try carry(bytes)
        try deliverCarried(to: &consumer)
    }

    /// Hands the carried bytes over as one line and empties the carry buffer.
    private mutating func deliverCarried<Consumer: LineConsumer>(to consumer: inout Consumer) throws(StreamError) {
        var failure: StreamError?
        carried.withUnsafeBytes { line in
            do throws(StreamError) {
                try consumer.consume(withoutByteOrderMark(line))
            } catch {
                failure = error
            }
        }
        atStart = false
        clearCarried()
        if let failure { throw failure }
    }

    /// `line` without a leading byte order mark (EF BB BF) if it is the body's first line.
    private func withoutByteOrderMark(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard atStart, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF else { return line }
        return UnsafeRawBufferPointer(rebasing: line[3...])
    }

    private mutating func clearCarried() {
        carried.removeAll(keepingCapacity: carried.capacity <= Self.keptCapacity)
    }
}
