import Foundation

/// One input from libFuzzer, and the ways the harnesses read it.
struct FuzzInput {
    /// The bytes; valid during the run only.
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The bytes, copied.
    var data: Data { Data(bytes) }

    /// The bytes as UTF-8 text, invalid sequences as U+FFFD: what a parser that takes a `String`
    /// (a header value as Foundation hands it over) sees.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The text cut at its first `count - 1` line feeds into `count` fields (the last one keeps the
    /// rest, line feeds included; missing ones are empty): for harnesses that need several values,
    /// a field per line, as a seed file reads.
    func fields(_ count: Int) -> [String] {
        var fields = text.split(separator: "\n", maxSplits: max(count - 1, 0), omittingEmptySubsequences: false)
            .map(String.init)
        while fields.count < count { fields.append("") }
        return fields
    }

    /// A generator seeded by the whole input: for choices that must vary with the input but should
    /// not take bytes of it (where a body is cut into chunks), so that the corpus holds plain bodies.
    var random: SplitMix64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return SplitMix64(seed: hash)
    }

    /// The bytes cut into 1 to `maximumChunks` chunks at places ``random`` picks (empty chunks
    /// included), as a network might hand a body over.
    func chunks(maximumChunks: Int = 16) -> [Data] {
        var random = self.random
        let cuts = (1..<Int.random(in: 1...maximumChunks, using: &random)).map { _ in
            Int.random(in: 0...bytes.count, using: &random)
        }.sorted()
        var chunks: [Data] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            chunks.append(Data(UnsafeRawBufferPointer(rebasing: bytes[start..<cut])))
            start = cut
        }
        return chunks
    }
}

/// SplitMix64: a small deterministic generator, so a finding replays exactly from its input.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var value = state
        value = (value ^ (value >> 30)) &* 0xbf58_476d_1ce4_e5b9
        value = (value ^ (value >> 27)) &* 0x94d0_49bb_1331_11eb
        return value ^ (value >> 31)
    }
}
