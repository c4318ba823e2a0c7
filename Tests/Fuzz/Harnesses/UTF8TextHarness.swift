import Foundation

@testable import Courier

/// Text made from received bytes (every event's data, every line of a line stream), against the
/// standard library's own decoding of the same bytes.
///
/// Checked: ``UTF8Text/decode(_:)`` gives the very bytes `String(decoding:as:)` gives, and
/// ``UTF8Text/isWellFormed(_:)`` accepts exactly what `String(validating:as:)` accepts, on the
/// input and on every suffix that starts past its ASCII (where the check begins).
enum UTF8TextHarness: FuzzHarness {
    static let name = "utf8-text"

    static func run(_ input: FuzzInput) {
        let bytes = input.bytes
        let decoded = UTF8Text.decode(bytes)
        let expected = String(decoding: bytes, as: UTF8.self)
        precondition(decoded.utf8.elementsEqual(expected.utf8), "decoded \(Array(bytes)) differently")
        let ascii = UTF8Text.asciiPrefixLength(bytes)
        precondition(bytes[..<ascii].allSatisfy { $0 < 0x80 } && (ascii == bytes.count || bytes[ascii] >= 0x80))
        for start in [0, ascii] {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
            // The harnesses run on Linux, where the Swift 6.0 runtime is always there.
            guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
            let wellFormed = String(validating: rest, as: UTF8.self) != nil
            precondition(UTF8Text.isWellFormed(rest) == wellFormed, "\(Array(rest)) well-formed: \(wellFormed)")
        }
    }
}
