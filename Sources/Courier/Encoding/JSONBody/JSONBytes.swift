import Foundation

/// A growable run of bytes in memory of its own, for the encoder's text and output: appends without
/// the uniqueness check and generic path of `[UInt8]`'s, which cost a fifth of the encoder's time.
///
/// It owns its memory without a `deinit`: whoever makes one releases it once — the tree's buffers
/// when their ``TreeEncodingState`` goes, the output when ``data()`` hands it to `Data`. Copies
/// share the memory and only read it.
struct JSONBytes {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends a short ASCII literal.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Room for `extra` more bytes at ``end``, which `body` fills; ``count`` grows by `extra`.
    @inline(__always)
    mutating func append(count extra: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        if count + extra > capacity { grow(toHold: count + extra) }
        body(UnsafeMutableBufferPointer(start: base + count, count: extra))
        count += extra
    }

    /// The bytes in `range`, valid until the next append.
    subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// The bytes as `Data`, which takes the memory over: this value must not be used afterwards.
    func data() -> Data {
        Data(bytesNoCopy: base, count: count, deallocator: .custom { bytes, _ in bytes.deallocate() })
    }

    /// Frees the memory: this value and its copies must not be used afterwards.
    func release() {
        base.deallocate()
    }

    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
