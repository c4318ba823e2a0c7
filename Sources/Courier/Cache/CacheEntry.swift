import Foundation

/// A stored response: what the server said, when, and for which request.
struct CacheEntry: Sendable, Equatable {
    /// Everything but the body: small, kept in memory for every entry on disk too.
    struct Head: Codable, Sendable, Equatable {
        /// ``CacheKey/primary`` of the request.
        var key: String
        /// The request's URL.
        var url: URL
        /// The response's status code.
        var statusCode: Int
        /// The response's header fields, names as received.
        var headers: [String: String]
        /// The request's values of the fields the response's `Vary` names.
        var vary: [VaryField]
        /// ``CacheKey/credentialFingerprint(of:)`` of the request; `nil` when it had no credentials.
        var credential: UInt64?
        /// When the request was sent (`request_time`, RFC 9111 §4.2.3).
        var requestTime: Date
        /// When the response arrived (`response_time`).
        var responseTime: Date
        /// How many bytes the body has.
        var bodyCount: Int
    }

    /// Everything but the body.
    var head: Head
    /// The response body.
    var body: Data

    /// Where the entry is filed.
    var id: CacheEntryID { head.id }

    /// What the entry counts against a byte limit: its body, its fields and a little bookkeeping.
    var cost: Int { head.cost }
}

extension CacheEntry.Head {
    /// Where the entry is filed: the hash of its key, and the hash of its variant (the `Vary`
    /// values and the credential fingerprint).
    var id: CacheEntryID {
        var variant = FNV1a.offsetBasis
        for field in vary {
            variant = FNV1a.hash(Data("\(field.name)\u{0}\(field.value ?? "\u{1}")\n".utf8), continuing: variant)
        }
        if let credential {
            variant = FNV1a.hash(Data("credential:\(credential)".utf8), continuing: variant)
        }
        return CacheEntryID(primary: FNV1a.hash(key), variant: variant)
    }

    /// What the entry counts against a byte limit.
    var cost: Int {
        headers.reduce(bodyCount + key.utf8.count + 256) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 }
    }

    /// The value of response field `name`, whatever its case.
    func header(_ name: String) -> String? {
        HTTPHeaders.value(name, in: headers)
    }

    /// The response's `Cache-Control`.
    var cacheControl: CacheControl { CacheControl(header("Cache-Control"), isRequest: false) }

    /// Whether the stored response carries a validator to revalidate it with.
    var hasValidators: Bool { header("ETag") != nil || header("Last-Modified") != nil }

    /// Whether `request` may be answered by this entry: same credentials, and the same values for
    /// every field `Vary` names (RFC 9111 §4.1).
    func matches(_ request: URLRequest) -> Bool {
        guard credential == CacheKey.credentialFingerprint(of: request) else { return false }
        if vary.contains(where: { $0.name == "*" }) { return false }
        return CacheKey.varyValues(of: request, names: vary.map(\.name)) == vary
    }
}

/// Where an entry is filed: the two hashes that also name its file.
struct CacheEntryID: Hashable, Sendable, CustomStringConvertible {
    /// The hash of the entry's key: every variant of one URL shares it.
    let primary: UInt64
    /// The hash of the entry's variant.
    let variant: UInt64

    /// `0123456789abcdef-0123456789abcdef`.
    var description: String { Self.hex(primary) + "-" + Self.hex(variant) }

    /// The id a file name spells, or `nil` when it spells none.
    init?(fileName: String) {
        let parts = fileName.split(separator: "-")
        guard parts.count == 2, parts.allSatisfy({ $0.utf8.count == 16 }),
            let primary = UInt64(parts[0], radix: 16), let variant = UInt64(parts[1], radix: 16),
            fileName == Self.hex(primary) + "-" + Self.hex(variant)
        else { return nil }
        self.init(primary: primary, variant: variant)
    }

    /// Files the entry under `primary` and `variant`.
    init(primary: UInt64, variant: UInt64) {
        self.primary = primary
        self.variant = variant
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
