import Foundation

/// Finds bytes in a buffer with the C library's `memchr`, which compares many bytes per step:
/// the line splitters spend most of their time here.
enum ByteScan {
    /// The offset of the first `byte` in `bytes` at or after `start`; `bytes.count` when there is
    /// none.
    @inline(__always)
    static func index(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
        // The byte right at `start` (the line feed of a blank line, which ends every event of an
        // event stream) is found without a call.
        if base.load(fromByteOffset: start, as: UInt8.self) == byte { return start }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return bytes.count }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// Whether `bytes` holds `byte` anywhere.
    @inline(__always)
    static func contains(_ byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Bool {
        index(of: byte, in: bytes, from: 0) < bytes.count
    }
}
