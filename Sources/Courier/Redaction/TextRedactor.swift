/// Finds secret values in any text and hides them: the scanner behind ``Redaction/redacting(_:)``.
///
/// It never parses a document; it reads the text once, byte by byte, and recognises the shapes in
/// which a name carries a value, wherever they occur and however the text around them is broken:
/// - `"name": value` and `'name': value` — JSON (any depth, NDJSON, several documents, a body cut
///   short), Swift and Python dictionary descriptions — and `\"name\": \"value\"` in JSON escaped
///   inside a string; `{"name": "Authorization", "value": …}`, as HAR files and header lists
///   spell a header;
/// - `name: value` after `(`, `{`, `[`, `,` or a blank — Swift's descriptions, JavaScript objects;
/// - `name = value;` and `"name" = value;` — Objective-C's descriptions, code;
/// - `name=value` and `name%3Dvalue` — queries, fragments, form bodies, cookies, attributes;
/// - `Name: value` at the start of a line or right after a quote — header lines, YAML, `curl -H`;
/// - `<name>value` and `<name attribute="…">value`, CDATA included — XML elements;
/// - `scheme://user:password@` — a URL's user info;
/// - `Bearer <token>` and JSON Web Tokens (`eyJ….eyJ….…`) by their own form, anywhere.
///
/// Each name goes through ``Redaction/hides(bytes:)``. Values end where their syntax says (a
/// closing quote, the matching bracket, `&`, a space, the end of the line); when in doubt they end
/// later, so that more is hidden rather than less. Nothing recurses: nested JSON is skipped by
/// counting brackets.
struct TextRedactor {
    let bytes: UnsafeBufferPointer<UInt8>
    let redaction: Redaction
    /// What to put where, in order, never overlapping.
    private var replacements: [(range: Range<Int>, text: String)] = []
    /// The end of the last replacement: a name is never looked for before it.
    private(set) var floor = 0
    /// The closing quote of the last quoted text found not to be a name, one per kind of quote
    /// (`"`, `'`, `\"`): it opens nothing. One per kind, because an apostrophe inside a string
    /// (`"O'Brien"`) reads as a quoted text too, and must not make that string's own closing quote
    /// look like an opening one, which would turn every later name into a value.
    private var closingQuotesOfValues = ValueEnds()
    /// The value of the last `"value":` member, for a `"name":` that follows it (see
    /// TextRedactor+Pairs.swift).
    var lastValueMember: Range<Int>?

    /// The bytes the scanner looks for.
    enum Byte {
        static let doubleQuote = UInt8(ascii: "\"")
        static let singleQuote = UInt8(ascii: "'")
        static let backslash = UInt8(ascii: "\\")
        static let equals = UInt8(ascii: "=")
        static let percent = UInt8(ascii: "%")
        static let colon = UInt8(ascii: ":")
        static let lessThan = UInt8(ascii: "<")
        static let slash = UInt8(ascii: "/")
        static let space = UInt8(ascii: " ")
        static let tab = UInt8(ascii: "\t")
        static let lineFeed = UInt8(ascii: "\n")
        static let carriageReturn = UInt8(ascii: "\r")
    }

    /// Where the last value quoted by each kind of quote closed.
    private struct ValueEnds {
        var double = -1
        var single = -1
        var escaped = -1

        subscript(quote: UInt8, escaped isEscaped: Bool) -> Int {
            get { isEscaped ? escaped : quote == Byte.singleQuote ? single : double }
            set {
                if isEscaped {
                    escaped = newValue
                } else if quote == Byte.singleQuote {
                    single = newValue
                } else {
                    double = newValue
                }
            }
        }
    }

    init(bytes: UnsafeBufferPointer<UInt8>, redaction: Redaction) {
        self.bytes = bytes
        self.redaction = redaction
    }

    /// The text with the secrets hidden, or `nil` when it holds none.
    consuming func redacted() -> String? {
        var index = 0
        let count = bytes.count
        while index < count {
            // Most bytes start no shape: they are stepped over without a call.
            index = Self.isTrigger(bytes[index]) ? step(at: index) ?? index + 1 : index + 1
        }
        guard !replacements.isEmpty else { return nil }
        var output = ""
        output.reserveCapacity(bytes.count + replacements.count * 8)
        var cursor = 0
        for (range, text) in replacements {
            output += String(decoding: UnsafeBufferPointer(rebasing: bytes[cursor..<range.lowerBound]), as: UTF8.self)
            output += text
            cursor = range.upperBound
        }
        output += String(decoding: UnsafeBufferPointer(rebasing: bytes[cursor...]), as: UTF8.self)
        return output
    }

    /// Handles a shape that starts at `index`; returns where to go on, or `nil` to go on at the next byte.
    private mutating func step(at index: Int) -> Int? {
        switch bytes[index] {
        case Byte.doubleQuote, Byte.singleQuote:
            return quotedMember(at: index, escaped: false)
        case Byte.backslash where byte(index + 1) == Byte.doubleQuote:
            return quotedMember(at: index, escaped: true)
        case Byte.equals:
            return pair(nameEnd: index, valueStart: index + 1, encoded: false)
        case Byte.percent:
            guard let separator = encodedEquals(at: index) else { return nil }
            return pair(nameEnd: index, valueStart: index + separator, encoded: true)
        case Byte.colon:
            return userInfo(colon: index) ?? line(colon: index) ?? unquotedMember(colon: index)
        case Byte.lessThan:
            return xmlElement(at: index)
        case UInt8(ascii: "B"), UInt8(ascii: "b"):
            return bearerToken(at: index)
        case UInt8(ascii: "J"):
            return webToken(at: index)
        default:
            return nil
        }
    }

    // MARK: - Shapes

    /// `"name": value`: when the quoted text at `index` is followed by a colon it is a name; a
    /// secret one has its value hidden, any other is skipped whole. `AnyHashable("name"): value`,
    /// as Swift describes a dictionary with `AnyHashable` keys, is one too.
    private mutating func quotedMember(at index: Int, escaped: Bool) -> Int? {
        let quote = bytes[index + (escaped ? 1 : 0)]
        guard index != closingQuotesOfValues[quote, escaped: escaped] else { return nil }
        let start = index + (escaped ? 2 : 1)
        guard let close = closingQuote(quote, from: start, escaped: escaped, limit: 256) else { return nil }
        var nameEnd = close + (escaped ? 2 : 1)
        if !escaped, byte(nameEnd) == UInt8(ascii: ")"), Self.follows("AnyHashable(", before: index, in: bytes) {
            nameEnd += 1
        }
        var colon = nameEnd
        while colon < bytes.count, Self.isBlank(bytes[colon]) { colon += 1 }
        guard byte(colon) == Byte.colon else {
            // A value, not a name: its contents are read on (a URL in it may hold a secret), but
            // its closing quote does not start another quoted text.
            closingQuotesOfValues[quote, escaped: escaped] = close
            return nil
        }
        let valueStart = skipWhitespace(from: colon + 1)
        let isSecret = hides(start..<close, escapes: !escaped)
        if !escaped,
            let next = namedValue(name: start..<close, nameQuote: index, valueStart: valueStart, isSecret: isSecret)
        {
            return next
        }
        return isSecret ? hideMember(valueAt: valueStart, escaped: escaped) : nameEnd
    }

    /// `scheme://user:password@host`: hides the password.
    private mutating func userInfo(colon: Int) -> Int? {
        let start: Int
        if byte(colon + 1) == Byte.slash && byte(colon + 2) == Byte.slash {
            start = colon + 3
        } else if byte(colon + 1) == Byte.backslash, byte(colon + 2) == Byte.slash, byte(colon + 3) == Byte.backslash,
            byte(colon + 4) == Byte.slash
        {
            start = colon + 5
        } else {
            return nil
        }
        var end = start
        var at: Int?
        while end < bytes.count, !Self.endsAuthority(bytes[end]) {
            if bytes[end] == UInt8(ascii: "@") { at = end }
            end += 1
        }
        guard let at, let separator = bytes[start..<at].firstIndex(of: Byte.colon) else { return nil }
        hide(separator + 1..<at, with: Redaction.encodedPlaceholder)
        return at
    }

    /// `Name: value` at the start of a line (after spaces, tabs or a YAML `-`), or right after a
    /// quote: the value runs to the end of the line, or to that quote.
    private mutating func line(colon: Int) -> Int? {
        var start = colon
        while start > floor, colon - start < 128, Self.isLineNameByte(bytes[start - 1]) { start -= 1 }
        guard start < colon else { return nil }
        var quote: UInt8?
        if start > floor, bytes[start - 1] == Byte.doubleQuote || bytes[start - 1] == Byte.singleQuote {
            quote = bytes[start - 1]
        } else {
            var before = start
            while before > floor, Self.isBlank(bytes[before - 1]) || bytes[before - 1] == UInt8(ascii: "-") {
                before -= 1
            }
            guard before == 0 || bytes[before - 1] == Byte.lineFeed || bytes[before - 1] == Byte.carriageReturn
            else { return nil }
        }
        guard hides(start..<colon, escapes: false) else { return nil }
        var valueStart = colon + 1
        while Self.isBlank(byte(valueStart)) { valueStart += 1 }
        var end = valueStart
        while end < bytes.count, bytes[end] != Byte.lineFeed, bytes[end] != Byte.carriageReturn, bytes[end] != quote {
            end += 1
        }
        hide(valueStart..<end, with: Redaction.placeholder)
        return end
    }

    /// Whether the name in `range` is hidden; `escapes`: the name may hold JSON escapes.
    func hides(_ range: Range<Int>, escapes: Bool) -> Bool {
        let name = UnsafeBufferPointer(rebasing: bytes[range])
        guard escapes, name.contains(Byte.backslash) else { return redaction.hides(bytes: name) }
        return redaction.hides(JSONEscapes.decoded(name))
    }

    /// Records that `range` is shown as `text`, unless it is empty or already reads so.
    mutating func hide(_ range: Range<Int>, with text: String) {
        // Never before what is already hidden, whatever a shape asks (an attribute's quoted value
        // may run past its tag): replacements stay in order and never overlap.
        let range = max(range.lowerBound, floor)..<max(range.upperBound, floor)
        floor = range.upperBound
        guard !range.isEmpty, !bytes[range].elementsEqual(text.utf8) else { return }
        replacements.append((range, text))
    }

    func byte(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }
}
