import Foundation

/// The 64-bit FNV-1a hash: fast, stable across runs and platforms, and enough to tell bodies
/// apart (it is not a security measure).
enum FNV1a {
    static func hash(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }
}
