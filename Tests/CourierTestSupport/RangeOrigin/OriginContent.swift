import Foundation

/// The bytes a ``RangeOrigin`` serves: `size` bytes made from a seeded pattern, different for each
/// `version`, computed for any offset without holding the representation (a gibibyte costs a
/// 2 MiB pattern). The pattern's period, 1 MiB + 7, is no round number, so bytes appended at a
/// wrong offset do not line up by chance.
public struct OriginContent: Sendable, Hashable {
    /// The representation's length in bytes.
    public let size: Int64
    /// Which version of the representation: each has other bytes, validators and dates.
    public let version: Int

    /// The pattern's period.
    static let period = (1 << 20) + 7
    /// The pattern twice over, so that any window up to a period long is one contiguous slice.
    private static let doubled: Data = {
        var generator = SeededGenerator(seed: 0x2024_C0DE)
        let once = (0..<period).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(once + once)
    }()

    /// Creates the content.
    public init(size: Int64, version: Int) {
        self.size = size
        self.version = version
    }

    /// Up to `count` bytes (at most the pattern's period) from `offset`, as one slice of the pattern.
    public func bytes(at offset: Int64, count: Int) -> Data {
        let remaining = Int(min(Int64(count), max(size - offset, 0)))
        let start = Int((offset + Int64(version) * 7919) % Int64(Self.period))
        let length = min(remaining, Self.period)
        return Self.doubled.subdata(in: start..<start + length)
    }

    /// The whole representation, for small sizes.
    public var data: Data {
        var data = Data(capacity: Int(size))
        var offset: Int64 = 0
        while offset < size {
            let piece = bytes(at: offset, count: 1 << 20)
            data.append(piece)
            offset += Int64(piece.count)
        }
        return data
    }

    /// The strong entity tag of this version.
    public var entityTag: String { "\"v\(version)-\(size)\"" }

    /// The `Last-Modified` date of this version: a minute later for each version.
    public var lastModified: String {
        String(format: "Mon, 01 Jan 2024 %02d:%02d:00 GMT", version / 60 % 24, version % 60)
    }
}
