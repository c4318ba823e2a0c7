import Foundation

/// The bytes of a message while it arrives: memory of its own that the connection can receive
/// into directly and an inflater can write into, handed over as the message's `Data` without a
/// copy when the message is whole.
final class MessageBuffer {
    private var storage: UnsafeMutableRawPointer?
    private(set) var count = 0
    private(set) var capacity = 0

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        reserve(capacity)
    }

    deinit {
        free(storage)
    }

    /// Makes room for at least `total` bytes in all. Memory that cannot be had is not a crash: the
    /// room stays as it was, and ``spare`` says how much there is.
    func reserve(_ total: Int) {
        guard total > capacity else { return }
        guard let grown = realloc(storage, total) else { return }
        storage = grown
        capacity = total
    }

    /// The room after the bytes held, to be filled and then counted with ``commit(_:)``.
    var spare: UnsafeMutableRawBufferPointer {
        guard let storage else { return UnsafeMutableRawBufferPointer(start: nil, count: 0) }
        return UnsafeMutableRawBufferPointer(start: storage + count, count: capacity - count)
    }

    /// Counts `written` bytes of ``spare`` as held.
    func commit(_ written: Int) {
        count += min(max(written, 0), capacity - count)
    }

    /// Appends `bytes`, growing by at least half again so that many small appends stay cheap.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if capacity - count < bytes.count { reserve(max(count + bytes.count, capacity + capacity / 2, 256)) }
        let room = spare
        guard let destination = room.baseAddress, room.count >= bytes.count else { return }
        destination.copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
    }

    /// The bytes held from `start` on.
    func bytes(from start: Int) -> UnsafeRawBufferPointer {
        guard let storage, start < count else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: storage + start, count: count - start)
    }

    /// The bytes held, as `Data` that owns their memory from now on; the buffer is left empty.
    func takeData() -> Data {
        guard let storage, count > 0 else { return Data() }
        self.storage = nil
        defer { (count, capacity) = (0, 0) }
        // A buffer reserved far beyond what came (a compressed message) gives the rest back.
        let kept = capacity > count + 4096 ? realloc(storage, count) ?? storage : storage
        return Data(bytesNoCopy: kept, count: count, deallocator: .free)
    }
}
