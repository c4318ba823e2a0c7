import Foundation

@testable import Courier

/// The DER the pinning code reads and writes: a key's raw form (PKCS #1 for RSA, an X9.63 point for
/// elliptic curves) rebuilt into a `SubjectPublicKeyInfo`, its SHA-256 pin checked by
/// ``ServerTrustEvaluator``, and the certificates of a PEM file.
///
/// Checked: a rebuilt `SubjectPublicKeyInfo` is one DER `SEQUENCE` of an algorithm and a `BIT
/// STRING` holding exactly the key, read back by a DER reader written here; a key is trusted by its
/// own pin and refused by another; every certificate of a PEM file is non-empty.
enum SubjectPublicKeyInfoHarness: FuzzHarness {
    static let name = "subject-public-key-info"

    static func run(_ input: FuzzInput) {
        let raw = Array(input.bytes)
        for der in [SubjectPublicKeyInfo.der(rsaPublicKey: raw), SubjectPublicKeyInfo.der(ellipticCurvePoint: raw)] {
            guard let der else { continue }
            var outer = DERReader(der[...])
            guard let info = outer.element(tag: 0x30), outer.isAtEnd else { preconditionFailure("no SEQUENCE") }
            var fields = DERReader(info)
            guard fields.element(tag: 0x30) != nil, let bits = fields.element(tag: 0x03), fields.isAtEnd,
                bits.first == 0, Array(bits.dropFirst()) == raw
            else { preconditionFailure("the key is not the BIT STRING of \(der)") }
            checkPin(der)
        }
        if let certificates = PEMCertificates.der(in: input.text) {
            precondition(!certificates.isEmpty && certificates.allSatisfy { !$0.isEmpty })
        }
        let count = raw.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        var length = DERReader(SubjectPublicKeyInfo.length(count)[...])
        precondition(length.length() == count, "length \(count)")
    }

    private static func checkPin(_ key: [UInt8]) {
        let pin = SHA256.base64Hash(key)
        precondition(SHA256.hash(key).count == 32)
        let own = ServerTrustEvaluator(ServerTrustPolicy(pinnedPublicKeys: ["pinned.example": [pin]]))
        let other = ServerTrustEvaluator(ServerTrustPolicy(pinnedPublicKeys: ["pinned.example": ["AAAA"]]))
        precondition(own.failure(host: "pinned.example", evaluate: { _ in .trusted }, serverKey: { key }) == nil)
        precondition(other.failure(host: "pinned.example", evaluate: { _ in .trusted }, serverKey: { key }) != nil)
    }
}

/// Reads DER tag-length-value elements, definite lengths only, written here from X.690 §8.1.
private struct DERReader {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { bytes.isEmpty }

    /// The content of the next element if its tag is `tag`.
    mutating func element(tag: UInt8) -> ArraySlice<UInt8>? {
        guard bytes.first == tag else { return nil }
        bytes = bytes.dropFirst()
        guard let count = length(), count <= bytes.count else { return nil }
        defer { bytes = bytes.dropFirst(count) }
        return bytes.prefix(count)
    }

    /// A length: one byte below 128, else `0x80 | n` and `n` big-endian bytes.
    mutating func length() -> Int? {
        guard let first = bytes.first else { return nil }
        bytes = bytes.dropFirst()
        guard first >= 0x80 else { return Int(first) }
        let size = Int(first & 0x7F)
        guard (1...8).contains(size), bytes.count >= size else { return nil }
        defer { bytes = bytes.dropFirst(size) }
        return bytes.prefix(size).reduce(0) { $0 << 8 | Int($1) }
    }
}
