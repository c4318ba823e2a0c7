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
/// - The consumer can stop the splitting after any line; ``split(into:)`` then resumes where it
///   stopped. A reader takes one line (or event) at a time, and nothing piles up in between.
///
/// Each chunk is copied once into a byte array the splitter keeps (one `memcpy`), and the lines
/// that end inside it are handed over in place from there; only the start of a line that a chunk
/// cuts is copied again, into a buffer kept between chunks. Reading the bytes of a `Data` costs
/// three of the runtime's dynamic exclusivity checks each time (its storage is a class), and a
/// reader that takes one line or event at a time reads them once a line.
struct LineSplitter {
    /// The longest line accepted, in bytes, without its line ending.
    let maximumLength: Int
    /// The chunk being split, and how far.
    private var chunk: [UInt8] = []
    private var offset = 0
    /// The offsets of the next CR and LF in `chunk` at or after `offset` (`chunk.count` when
    /// none), each searched again only once the split has passed it; -1 when not searched yet.
    private var nextCR = -1
    private var nextLF = -1
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
    /// How much of the chunk array's memory is kept from one chunk to the next: the chunks of a
    /// transport's receive buffer (libcurl's is 512 KiB).
    private static let keptChunkCapacity = 512 * 1024

    /// A splitter for a new body.
    /// - Parameter maximumLength: The longest line accepted, in bytes.
    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    /// Whether the last chunk is split to its end, so the splitter needs the next one.
    var needsChunk: Bool { offset >= chunk.count }

    /// Takes the next chunk of the body, once the last one is split to its end.
    mutating func feed(_ next: Data) {
        // The array's memory is reused from chunk to chunk; a long chunk's is given back after it.
        chunk.removeAll(keepingCapacity: chunk.capacity <= Self.keptChunkCapacity)
        chunk.append(contentsOf: next)
        offset = 0
        nextCR = -1
        nextLF = -1
        if afterCR, let first = chunk.first {
            afterCR = false
            if first == Self.lf { offset = 1 }
        }
    }

    /// Hands the lines of the chunk to `consumer` until it asks to stop or the chunk is used up;
    /// the start of a line that the chunk cuts is kept for the next one.
    mutating func split<Consumer: LineConsumer>(into consumer: inout Consumer) throws(StreamError) {
        guard !needsChunk else { return }
        var failure: StreamError?
        // Moved out while it is read, and back after: the splitting below changes `self`, and a
        // copy (`let chunk = chunk`) would retain and release the array for every line handed over.
        var chunk: [UInt8] = []
        swap(&chunk, &self.chunk)
        chunk.withUnsafeBytes { bytes in
            do throws(StreamError) {
                try split(bytes, into: &consumer)
            } catch {
                failure = error
            }
        }
        swap(&chunk, &self.chunk)
        if let failure { throw failure }
    }

    /// Ends the body: hands over its last line if no line ending followed it.
    mutating func finish<Consumer: LineConsumer>(into consumer: inout Consumer) throws(StreamError) {
        afterCR = false
        guard !carried.isEmpty else { return }
        _ = try deliverCarried(to: &consumer)
    }

    /// Forgets everything, for a new body (after a reconnection): a line cut by the old body's end
    /// is dropped, and a byte order mark may start the new one.
    mutating func reset() {
        clearCarried()
        chunk.removeAll()
        offset = 0
        afterCR = false
        atStart = true
    }

    // MARK: - Splitting

    private mutating func split<Consumer: LineConsumer>(
        _ bytes: UnsafeRawBufferPointer, into consumer: inout Consumer
    ) throws(StreamError) {
        let count = bytes.count
        if nextCR < offset { nextCR = ByteScan.index(of: Self.cr, in: bytes, from: offset) }
        if nextLF < offset { nextLF = ByteScan.index(of: Self.lf, in: bytes, from: offset) }
        while offset < count {
            let end = min(nextCR, nextLF)
            guard end < count else {
                try carry(UnsafeRawBufferPointer(rebasing: bytes[offset..<count]))
                offset = count
                return
            }
            let line = UnsafeRawBufferPointer(rebasing: bytes[offset..<end])
            // Move past the line ending first, so that a consumer that stops here resumes after it.
            if end == nextLF {
                offset = end + 1
                nextLF = ByteScan.index(of: Self.lf, in: bytes, from: offset)
            } else {
                if end + 1 == count {
                    afterCR = true
                    offset = count
                } else {
                    offset = bytes[end + 1] == Self.lf ? end + 2 : end + 1
                }
                nextCR = ByteScan.index(of: Self.cr, in: bytes, from: offset)
                if nextLF < offset { nextLF = ByteScan.index(of: Self.lf, in: bytes, from: offset) }
            }
            guard try deliver(line, to: &consumer) else { return }
        }
    }

    private mutating func carry(_ bytes: UnsafeRawBufferPointer) throws(StreamError) {
        guard !bytes.isEmpty else { return }
        guard carried.count + bytes.count <= maximumLength else { throw .lineTooLong(limit: maximumLength) }
        carried.append(contentsOf: bytes)
    }

    /// Hands `bytes`, after any carried start of the line, to the consumer; returns whether to go on.
    private mutating func deliver<Consumer: LineConsumer>(
        _ bytes: UnsafeRawBufferPointer, to consumer: inout Consumer
    ) throws(StreamError) -> Bool {
        guard carried.isEmpty else {
            try carry(bytes)
            return try deliverCarried(to: &consumer)
        }
        guard bytes.count <= maximumLength else { throw .lineTooLong(limit: maximumLength) }
        let line = withoutByteOrderMark(bytes)
        atStart = false
        return try consumer.consume(line)
    }

    /// Hands the carried bytes over as one line and empties the carry buffer.
    private mutating func deliverCarried<Consumer: LineConsumer>(to consumer: inout Consumer) throws(StreamError)
        -> Bool
    {
        var outcome: Result<Bool, StreamError> = .success(true)
        carried.withUnsafeBytes { line in
            do throws(StreamError) {
                outcome = .success(try consumer.consume(withoutByteOrderMark(line)))
            } catch {
                outcome = .failure(error)
            }
        }
        atStart = false
        clearCarried()
        return try outcome.get()
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
