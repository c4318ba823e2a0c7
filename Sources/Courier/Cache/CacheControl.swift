/// The directives of a `Cache-Control` field (RFC 9111 §5.2) that a private cache acts on.
///
/// Parsing never fails: an unknown directive is ignored, names are case-insensitive, an argument
/// may be a token or a quoted string, and a number too large for the cache saturates at 2³¹
/// (§1.2.2). Where a field says something twice or something invalid, the most restrictive
/// reading wins (§4.2.1): a response's `max-age` given twice with different values, or with a
/// value that is not a number, makes the response stale; a request's duplicated limits keep the
/// strictest; an invalid argument to a permission (`max-stale=x`, `stale-if-error=x`) grants
/// nothing.
struct CacheControl: Equatable, Sendable {
    /// `max-age`: seconds the response is fresh (response), or the oldest answer the client takes (request).
    var maxAge: Int?
    /// `max-stale`: how stale an answer the client accepts; `Int.max` when given without a value.
    var maxStale: Int?
    /// `min-fresh`: how long an answer must stay fresh for the client to take it.
    var minFresh: Int?
    /// `stale-while-revalidate` (RFC 5861 §3).
    var staleWhileRevalidate: Int?
    /// `stale-if-error` (RFC 5861 §4).
    var staleIfError: Int?
    /// `no-cache`, qualified (`no-cache="Set-Cookie"`) or not: a qualified one is read as unqualified.
    var noCache = false
    /// `no-store`.
    var noStore = false
    /// `must-revalidate`.
    var mustRevalidate = false
    /// `must-understand`.
    var mustUnderstand = false
    /// `public`.
    var isPublic = false
    /// `private`, qualified or not; nothing to this private cache but proof the response may be stored.
    var isPrivate = false
    /// `immutable` (RFC 8246).
    var immutable = false
    /// `only-if-cached` (request).
    var onlyIfCached = false

    /// The greatest number of seconds the cache represents (RFC 9111 §1.2.2 names 2³¹).
    static let saturatedSeconds = 2_147_483_648

    /// The directives of `field`, read as a request's or a response's.
    init(_ field: String?, isRequest: Bool) {
        guard let field else { return }
        for (name, argument) in Self.directives(in: field) {
            apply(name: name, argument: argument, isRequest: isRequest)
        }
    }

    /// No directive at all.
    init() {}

    private mutating func apply(name: String, argument: String?, isRequest: Bool) {
        let seconds = argument.flatMap(Self.deltaSeconds)
        switch name {
        case "max-age":
            if isRequest {
                if let seconds { maxAge = min(maxAge ?? seconds, seconds) }
            } else {
                // Invalid or given twice with another value: stale, the most restrictive reading.
                maxAge = (maxAge == nil || maxAge == seconds) ? (seconds ?? 0) : 0
            }
        case "max-stale":
            let allowed = argument == nil ? Int.max : seconds
            if let allowed { maxStale = min(maxStale ?? allowed, allowed) }
        case "min-fresh":
            if let seconds { minFresh = max(minFresh ?? seconds, seconds) }
        case "stale-while-revalidate":
            if let seconds { staleWhileRevalidate = min(staleWhileRevalidate ?? seconds, seconds) }
        case "stale-if-error":
            if let seconds { staleIfError = min(staleIfError ?? seconds, seconds) }
        case "no-cache": noCache = true
        case "no-store": noStore = true
        case "must-revalidate": mustRevalidate = true
        case "must-understand": mustUnderstand = true
        case "public": isPublic = true
        case "private": isPrivate = true
        case "immutable": immutable = true
        case "only-if-cached": onlyIfCached = true
        default: break  // s-maxage, proxy-revalidate, no-transform and unknown extensions: nothing for a private cache
        }
    }

    /// A `delta-seconds` value (`1*DIGIT`), saturated at ``saturatedSeconds``; `nil` when not one.
    static func deltaSeconds(_ text: String) -> Int? {
        let digits = text.utf8
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        var value = 0
        for digit in digits {
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
            if value >= saturatedSeconds { return saturatedSeconds }
        }
        return value
    }

    /// The `name[=argument]` pairs of `field`, names lowercased, quoted arguments unquoted. Commas
    /// inside quotes do not split; empty members are skipped.
    static func directives(in field: String) -> [(name: String, argument: String?)] {
        var result: [(String, String?)] = []
        for member in members(of: field) {
            let parts = member.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingSpaces().lowercased()
            guard !name.isEmpty else { continue }
            let argument = parts.count > 1 ? unquoted(parts[1].trimmingSpaces()) : nil
            result.append((name, argument))
        }
        return result
    }

    private static func members(of field: String) -> [Substring] {
        var members: [Substring] = []
        var start = field.startIndex
        var inQuotes = false
        var escaped = false
        for index in field.indices {
            let character = field[index]
            if escaped {
                escaped = false
            } else if inQuotes && character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == "," && !inQuotes {
                members.append(field[start..<index])
                start = field.index(after: index)
            }
        }
        members.append(field[start...])
        return members
    }

    private static func unquoted(_ text: Substring) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return String(text) }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if !escaped && character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace, which
    /// RFC 9110 §5.6.3 defines as those two bytes).
    ///
    /// Walked as bytes: `first` and `last` made a `Character` of each end, several hundred
    /// instructions for a short field value, and every stored entity tag is trimmed this way.
    func trimmingSpaces() -> Substring {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, Self.isSpace(bytes[start]) { bytes.formIndex(after: &start) }
        while start < end {
            let last = bytes.index(before: end)
            guard Self.isSpace(bytes[last]) else { break }
            end = last
        }
        return self[start..<end]
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
