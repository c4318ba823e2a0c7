/// SHA-1 (FIPS 180-4), for the one use RFC 6455 makes of it: `Sec-WebSocket-Accept`, the hash of
/// the client's key and a fixed GUID, a few dozen bytes once per connection. It proves the server
/// read the handshake, nothing more; it is no security measure, and Courier uses it for nothing else.
package enum SHA1 {
    /// The 20-byte digest of `message`.
    package static func hash(_ message: some Collection<UInt8>) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var padded = Array(message)
        let bitLength = UInt64(padded.count) &* 8
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            padded.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var schedule = [UInt32](repeating: 0, count: 80)
        for blockStart in stride(from: 0, to: padded.count, by: 64) {
            for word in 0..<16 {
                let index = blockStart + word * 4
                schedule[word] = padded[index..<index + 4].reduce(0) { $0 << 8 | UInt32($1) }
            }
            for word in 16..<80 {
                let mixed = schedule[word - 3] ^ schedule[word - 8] ^ schedule[word - 14] ^ schedule[word - 16]
                schedule[word] = mixed << 1 | mixed >> 31
            }
            var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
            for round in 0..<80 {
                let (f, k): (UInt32, UInt32)
                switch round {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let next = (a << 5 | a >> 27) &+ f &+ e &+ k &+ schedule[round]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
        }
        return state.flatMap { word in
            stride(from: 24, through: 0, by: -8).map { UInt8(truncatingIfNeeded: word >> UInt32($0)) }
        }
    }
}
