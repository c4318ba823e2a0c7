import Foundation

/// The DER `SubjectPublicKeyInfo` (RFC 5280 §4.1.2.7) of a public key, rebuilt from the raw form
/// Apple's `SecKeyCopyExternalRepresentation` gives: what a pin hashes, byte for byte as in the
/// certificate (and as `openssl pkey -pubout -outform DER` writes it).
///
///     SubjectPublicKeyInfo ::= SEQUENCE {
///         algorithm         AlgorithmIdentifier,   -- rsaEncryption + NULL, or id-ecPublicKey + curve
///         subjectPublicKey  BIT STRING }           -- 0 unused bits, then the raw key
///
/// The raw forms: an RSA key as PKCS #1 `RSAPublicKey` (RFC 8017 §A.1.1, a DER `SEQUENCE`), any
/// size; an elliptic-curve key as its uncompressed X9.63 point (`04 ‖ X ‖ Y`), on P-256, P-384 or
/// P-521, told apart by the point's length.
enum SubjectPublicKeyInfo {
    /// The DER of the RSA key whose PKCS #1 `RSAPublicKey` is `pkcs1`; `nil` when `pkcs1` is not
    /// one DER `SEQUENCE`.
    static func der(rsaPublicKey pkcs1: some Collection<UInt8>) -> [UInt8]? {
        guard isOneSequence(Array(pkcs1)) else { return nil }
        return encode(algorithm: rsaEncryption, key: pkcs1)
    }

    /// The DER of the elliptic-curve key whose uncompressed point is `point`; `nil` for a point
    /// that is not uncompressed or not on a curve named here.
    static func der(ellipticCurvePoint point: some Collection<UInt8>) -> [UInt8]? {
        guard point.first == 0x04, let curve = curves[point.count] else { return nil }
        return encode(algorithm: [0x30] + length(ecPublicKey.count + curve.count) + ecPublicKey + curve, key: point)
    }

    /// `SEQUENCE { algorithm, BIT STRING { 0 unused bits, key } }`.
    private static func encode(algorithm: [UInt8], key: some Collection<UInt8>) -> [UInt8] {
        let bitString = [0x03] + length(key.count + 1) + [0x00] + Array(key)
        return [0x30] + length(algorithm.count + bitString.count) + algorithm + bitString
    }

    /// A DER length: one byte below 128, else `0x80 | n` and the length in `n` big-endian bytes.
    static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(truncatingIfNeeded: rest), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    /// Whether `bytes` is exactly one DER `SEQUENCE`: its tag, and a length that covers the rest.
    private static func isOneSequence(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2, bytes[0] == 0x30 else { return false }
        let first = Int(bytes[1])
        guard first >= 0x80 else { return first == bytes.count - 2 }
        let lengthBytes = first & 0x7f
        guard (1...4).contains(lengthBytes), bytes.count > 2 + lengthBytes else { return false }
        let declared = bytes[2..<2 + lengthBytes].reduce(0) { $0 << 8 | Int($1) }
        return declared == bytes.count - 2 - lengthBytes
    }

    /// `AlgorithmIdentifier { rsaEncryption (1.2.840.113549.1.1.1), NULL }`.
    private static let rsaEncryption: [UInt8] = [
        0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00,
    ]

    /// The `OBJECT IDENTIFIER` id-ecPublicKey (1.2.840.10045.2.1).
    private static let ecPublicKey: [UInt8] = [0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]

    /// The named curve's `OBJECT IDENTIFIER`, by the length of an uncompressed point on it:
    /// P-256 (1.2.840.10045.3.1.7), P-384 (1.3.132.0.34), P-521 (1.3.132.0.35).
    private static let curves: [Int: [UInt8]] = [
        65: [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07],
        97: [0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22],
        133: [0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x23],
    ]
}
