import Foundation

@testable import Courier

/// Host names as public-key pins look them up: IDNA (``PinnedHostName``, ``Punycode``), case,
/// trailing dots, brackets and the many spellings of an IP address.
///
/// Checked: normalizing is idempotent (but for the one trailing dot and brackets it drops); a pin set for a spelling is found by that spelling; every
/// Punycode label is ASCII and decodes back to its label (by a decoder written here from RFC 3492).
enum HostNameHarness: FuzzHarness {
    static let name = "host-name"

    static func run(_ input: FuzzInput) {
        let host = input.text
        let normalized = PinnedHostName.normalized(host)
        // One trailing dot and one pair of brackets are dropped, never more: `a..` is `a.` once and
        // `a` twice, `[[x]]` is `[x]` once; what has neither left normalizes to itself.
        if !normalized.hasSuffix("."), !(normalized.hasPrefix("[") && normalized.hasSuffix("]")) {
            precondition(PinnedHostName.normalized(normalized) == normalized, "\(host) → \(normalized) → again")
        }
        let pins = PublicKeyPins([host: ["sha256//pin"]])
        if !pins.isEmpty {
            precondition(pins.hashes(for: host) == ["pin"], "\(host) is not found by its own spelling")
        }
        _ = PinnedHostName.ownASCIIForm(of: host)
        _ = PinnedHostName.addressForm(of: host)
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            guard let encoded = Punycode.encode(label) else {
                precondition(label.unicodeScalars.count > 255, "\(label) has no Punycode")
                continue
            }
            precondition(encoded.utf8.allSatisfy { $0 < 0x80 }, "\(label) → \(encoded)")
            let decoded = PunycodeReference.decode(encoded)
            precondition(
                decoded == Array(label.unicodeScalars), "\(label) → \(encoded) → \(String(describing: decoded))")
        }
    }
}

/// An RFC 3492 §6.2 decoder written from the RFC, to check ``Punycode/encode(_:)`` against.
private enum PunycodeReference {
    static func decode(_ text: String) -> [Unicode.Scalar]? {
        let input = Array(text.unicodeScalars)
        let delimiter = input.lastIndex(of: "-")
        var output: [UInt32] = delimiter.map { input[..<$0].map(\.value) } ?? []
        var position = delimiter.map { $0 + 1 } ?? 0
        var codePoint: UInt32 = 0x80
        var index = 0
        var bias = 72
        while position < input.count {
            let oldIndex = index
            var weight = 1
            var k = 36
            while true {
                guard position < input.count, let digit = digit(input[position]) else { return nil }
                position += 1
                let (product, overflow) = digit.multipliedReportingOverflow(by: weight)
                guard !overflow, index <= Int(Int32.max) - product else { return nil }
                index += product
                let threshold = k <= bias ? 1 : (k >= bias + 26 ? 26 : k - bias)
                if digit < threshold { break }
                weight *= 36 - threshold
                k += 36
            }
            bias = adapt(index - oldIndex, count: output.count + 1, isFirst: oldIndex == 0)
            codePoint += UInt32(index / (output.count + 1))
            guard codePoint <= 0x10FFFF else { return nil }
            index %= output.count + 1
            output.insert(codePoint, at: index)
            index += 1
        }
        let scalars = output.compactMap(Unicode.Scalar.init)
        return scalars.count == output.count ? scalars : nil
    }

    private static func digit(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x61...0x7A: Int(scalar.value - 0x61)
        case 0x41...0x5A: Int(scalar.value - 0x41)
        case 0x30...0x39: Int(scalar.value - 0x30) + 26
        default: nil
        }
    }

    private static func adapt(_ delta: Int, count: Int, isFirst: Bool) -> Int {
        var delta = isFirst ? delta / 700 : delta / 2
        delta += delta / count
        var k = 0
        while delta > 35 * 26 / 2 {
            delta /= 35
            k += 36
        }
        return k + 36 * delta / (delta + 38)
    }
}
