import Foundation

/// The 64-bit FNV-1a hash: fast, stable across runs and platforms, and enough to tell bodies
/// apart or to check that a file reads back as it was written (it is not a security measure).
package enum FNV1a {
    /// The hash of nothing: where a running hash starts.
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of `data`, continuing from `hash` (``offsetBasis`` by default), so that a value
    /// written in parts can be hashed part by part.
    package static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing hash: UInt64 = offsetBasis)
        -> UInt64
    {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    /// The hash of `text`'s UTF-8 bytes, read in place: walking a `String.UTF8View` byte by byte
    /// cost about four times the hash itself, and every cache lookup hashes its key.
    package static func hash(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { hash($0) }
    }

    /// The hash of `data`'s bytes, continuing from `hash`, read in place rather than through
    /// `Data`'s iterator (a stored body is hashed whole when it is written and when it is read).
    package static func hash(_ data: Data, continuing hash: UInt64 = offsetBasis) -> UInt64 {
        data.withUnsafeBytes { bytes in Self.hash(bytes, continuing: hash) }
    }
}
