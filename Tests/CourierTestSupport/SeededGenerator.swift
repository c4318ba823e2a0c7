/// A deterministic random number generator (SplitMix64), so a failing property test can be rerun
/// with the seed it prints.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A random string of up to `maximumLength` characters drawn from ASCII, reserved and
    /// whitespace characters, Latin, CJK and emoji, including the empty string.
    public mutating func string(maximumLength: Int) -> String {
        let pools: [ClosedRange<UInt32>] = [
            0x20...0x7E,  // printable ASCII, reserved characters included
            0x09...0x0D,  // tab, line feed, carriage return
            0xA0...0x17F,  // Latin-1 and Latin Extended-A
            0x4E00...0x4FFF,  // CJK
            0x1F300...0x1F64F,  // emoji
        ]
        let length = Int.random(in: 0...maximumLength, using: &self)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let pool = pools[Int.random(in: 0..<pools.count, using: &self)]
            if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &self)) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
