import Foundation

/// The validator a resumed download sends as `If-Range`, chosen by RFC 9110 §13.1.5: a client
/// must not send a weak entity tag there, and may send a date only when it has no entity tag for
/// the representation and the date is a strong validator (§8.8.2.2: the response's `Date` is at
/// least one second after its `Last-Modified`, so the representation cannot have changed twice
/// within the second the date names). A response with neither cannot be resumed safely: a `Range`
/// without `If-Range` could splice two versions of a file together.
enum DownloadValidator {
    /// The entity tag and date of a response whose body can be resumed, or `nil` when it offers
    /// no usable validator.
    /// - Parameter header: The response's header field named by its argument, in any case.
    static func of(_ header: (String) -> String?) -> (entityTag: String?, lastModified: String?)? {
        if let field = header("ETag") {
            // A weak or malformed tag is still the representation's tag: the date may not stand in.
            guard let tag = entityTag(field) else { return nil }
            return (tag, nil)
        }
        guard let lastModified = header("Last-Modified").map(trimmed),
            let modified = HTTPDate.parse(lastModified), let date = header("Date").flatMap(HTTPDate.parse),
            date.timeIntervalSince(modified) >= 1, !lastModified.contains(where: \.isNewline)
        else { return nil }
        return (nil, lastModified)
    }

    /// `value` as a strong entity tag to send back, or `nil` when it is weak (`W/"…"`) or not a tag.
    ///
    /// A quoted tag (`"v1"`, RFC 9110 §8.8.3) is taken as it is. A tag the server sent without
    /// quotes (httpbin's `/range` sends `ETag: range1000`) is taken too, when it is one run of
    /// visible characters: sent back exactly as it came, it matches what the server compares.
    static func entityTag(_ value: String) -> String? {
        let tag = trimmed(value)
        let bytes = Array(tag.utf8)
        guard !bytes.isEmpty, !tag.hasPrefix("W/") else { return nil }
        let isTagCharacter = { (byte: UInt8) in byte == 0x21 || (0x23...0x7E).contains(byte) || byte >= 0x80 }
        if bytes.count >= 2, bytes[0] == 0x22, bytes[bytes.count - 1] == 0x22 {
            return bytes.dropFirst().dropLast().allSatisfy(isTagCharacter) ? tag : nil
        }
        return bytes.allSatisfy(isTagCharacter) && !tag.contains(",") ? tag : nil
    }

    /// Whether two entity tags match by the strong comparison of RFC 9110 §8.8.3.2 (both strong,
    /// character for character).
    static func strongMatch(_ lhs: String, _ rhs: String) -> Bool {
        entityTag(lhs) != nil && trimmed(lhs) == trimmed(rhs)
    }

    private static func trimmed(_ value: String) -> String {
        value.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
    }
}

/// A `Content-Range` of a `206` answer (RFC 9110 §14.4): `bytes first-last/complete`, the complete
/// length `*` when unknown. Parsed strictly, with every number checked: no sign, no overflow, the
/// last byte not before the first and before the complete length.
struct ContentRange: Sendable, Hashable {
    let first: Int64
    let last: Int64
    /// The representation's length, or `nil` for `*`.
    let complete: Int64?

    /// The range in `text`, or `nil` when it is not one.
    init?(_ text: String) {
        let value = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        guard value.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = value.dropFirst("bytes ".count)
        let halves = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Self.number(bounds[0]), let last = Self.number(bounds[1]),
            first <= last
        else { return nil }
        if halves[1] == "*" {
            complete = nil
        } else {
            guard let complete = Self.number(halves[1]), last < complete else { return nil }
            self.complete = complete
        }
        self.first = first
        self.last = last
    }

    /// How many bytes the range holds, or `nil` if the count overflows.
    var length: Int64? {
        let (span, overflow) = last.subtractingReportingOverflow(first)
        guard !overflow else { return nil }
        let (count, overflowAgain) = span.addingReportingOverflow(1)
        return overflowAgain ? nil : count
    }

    /// A run of ASCII digits as a number, or `nil` (a sign, anything else, or an overflow).
    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }
}
