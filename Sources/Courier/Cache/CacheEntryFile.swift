import Foundation

/// The file format of one entry on disk, checked whole before anything in it is trusted:
///
/// ```
/// "CRCH" 0x00000002      magic and format version (8 bytes)
/// head length            UInt32, big-endian
/// body length            UInt64, big-endian
/// head checksum          UInt64, FNV-1a of the head bytes
/// body checksum          UInt64, FNV-1a of the body bytes
/// head                   JSON of CacheEntry.Head
/// body                   the response body
/// ```
///
/// A file whose size is not exactly the sum, whose magic or version differ, or whose checksums do not
/// match is corrupt (torn by a crash or a full disk, or not Courier's) and is removed by the caller.
enum CacheEntryFile {
    /// Bytes before the head.
    static let prefixSize = 36
    /// The largest head the format reads; a longer one is corrupt.
    static let maximumHeadSize = 256 * 1024
    /// Version 2 keeps a hash of a credential field `Vary` names, where version 1 kept the value: a
    /// version 1 file is refused, so no secret is read back (and the caller removes it).
    private static let magic: [UInt8] = [0x43, 0x52, 0x43, 0x48, 0, 0, 0, 2]

    /// Why a file was refused.
    enum Failure: Error, Equatable {
        case corrupt
    }

    /// The head of a file, and what the body must be.
    struct Prefix: Equatable {
        let head: CacheEntry.Head
        let headSize: Int
        let bodySize: Int
        let bodyChecksum: UInt64
    }

    /// The bytes of `entry`'s file, in parts, so the body is written without being copied.
    /// - Throws: ``Failure/corrupt`` when the head is larger than the format reads back (fields of
    ///   more than ``maximumHeadSize`` bytes), so such an entry stays in memory only.
    static func encode(_ entry: CacheEntry) throws -> [Data] {
        let head = try JSONEncoder().encode(entry.head)
        guard head.count <= maximumHeadSize else { throw Failure.corrupt }
        var prefix = Data(magic)
        append(UInt64(head.count), bytes: 4, to: &prefix)
        append(UInt64(entry.body.count), bytes: 8, to: &prefix)
        append(FNV1a.hash(head), bytes: 8, to: &prefix)
        append(FNV1a.hash(entry.body), bytes: 8, to: &prefix)
        return [prefix + head, entry.body]
    }

    /// The head from the start of a file (at least ``prefixSize`` plus the head's bytes) whose whole
    /// size is `fileSize`.
    static func decodePrefix(_ bytes: Data, fileSize: Int) throws(Failure) -> Prefix {
        let base = bytes.startIndex
        guard bytes.count >= prefixSize, bytes[base..<(base + 8)].elementsEqual(magic) else { throw .corrupt }
        let headSize = Int(number(bytes, at: 8, bytes: 4))
        let bodyLength = number(bytes, at: 12, bytes: 8)
        guard headSize <= maximumHeadSize, bodyLength <= UInt64(Int.max / 2) else { throw .corrupt }
        let bodySize = Int(bodyLength)
        guard fileSize == prefixSize + headSize + bodySize, bytes.count >= prefixSize + headSize else {
            throw .corrupt
        }
        let headBytes = bytes[(base + prefixSize)..<(base + prefixSize + headSize)]
        guard FNV1a.hash(headBytes) == number(bytes, at: 20, bytes: 8),
            let head = try? JSONDecoder().decode(CacheEntry.Head.self, from: headBytes),
            head.bodyCount == bodySize
        else { throw .corrupt }
        return Prefix(head: head, headSize: headSize, bodySize: bodySize, bodyChecksum: number(bytes, at: 28, bytes: 8))
    }

    /// The whole entry in `bytes`, a complete file.
    static func decode(_ bytes: Data) throws(Failure) -> CacheEntry {
        let prefix = try decodePrefix(bytes, fileSize: bytes.count)
        let body = bytes.subdata(in: (bytes.startIndex + prefixSize + prefix.headSize)..<bytes.endIndex)
        guard FNV1a.hash(body) == prefix.bodyChecksum else { throw .corrupt }
        return CacheEntry(head: prefix.head, body: body)
    }

    private static func append(_ value: UInt64, bytes count: Int, to data: inout Data) {
        for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    private static func number(_ data: Data, at offset: Int, bytes count: Int) -> UInt64 {
        data[(data.startIndex + offset)..<(data.startIndex + offset + count)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
