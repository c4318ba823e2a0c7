import Foundation

/// A stored response: what the server said, when, and for which request.
struct CacheEntry: Sendable, Equatable {
    /// Everything but the body: small, kept in memory for every entry on disk too.
    struct Head: Codable, Sendable, Equatable {
        /// ``CacheKey/primary`` of the request.
        let key: String
        /// The request's URL.
        var url: URL
        /// The response's status code.
        var statusCode: Int
        /// The response's header fields, names as received.
        var headers: [String: String] {
            didSet { facts = ResponseFacts(headers) }
        }
        /// The request's values of the fields the response's `Vary` names (a credential's hashed).
        let vary: [VaryField]
        /// ``CacheKey/credentialFingerprint(of:)`` of the request; `nil` when it had no credentials.
        let credential: UInt64?
        /// When the request was sent (`request_time`, RFC 9111 §4.2.3).
        var requestTime: Date
        /// When the response arrived (`response_time`).
        var responseTime: Date
        /// How many bytes the body has.
        var bodyCount: Int
        /// What ``headers`` say about freshness and validation, parsed once.
        private(set) var facts: ResponseFacts
        /// Where the entry is filed: the hash of its key, and the hash of its variant (the `Vary`
        /// values and the credential fingerprint).
        let id: CacheEntryID

        private enum CodingKeys: String, CodingKey {
            case key, url, statusCode, headers, vary, credential, requestTime, responseTime, bodyCount
        }

        /// A head with every field given; ``facts`` are parsed from `headers`.
        init(
            key: String, url: URL, statusCode: Int, headers: [String: String], vary: [VaryField], credential: UInt64?,
            requestTime: Date, responseTime: Date, bodyCount: Int
        ) {
            self.key = key
            self.url = url
            self.statusCode = statusCode
            self.headers = headers
            self.vary = vary
            self.credential = credential
            self.requestTime = requestTime
            self.responseTime = responseTime
            self.bodyCount = bodyCount
            facts = ResponseFacts(headers)
            id = CacheEntryID(key: key, vary: vary, credential: credential)
        }

        /// Reads a head written by ``encode(to:)``.
        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                key: try fields.decode(String.self, forKey: .key), url: try fields.decode(URL.self, forKey: .url),
                statusCode: try fields.decode(Int.self, forKey: .statusCode),
                headers: try fields.decode([String: String].self, forKey: .headers),
                vary: try fields.decode([VaryField].self, forKey: .vary),
                credential: try fields.decodeIfPresent(UInt64.self, forKey: .credential),
                requestTime: try fields.decode(Date.self, forKey: .requestTime),
                responseTime: try fields.decode(Date.self, forKey: .responseTime),
                bodyCount: try fields.decode(Int.self, forKey: .bodyCount))
        }
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
    /// What the entry counts against a byte limit.
    var cost: Int {
        headers.reduce(bodyCount + key.utf8.count + 256) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 }
    }

    /// The response's `Cache-Control`.
    var cacheControl: CacheControl { facts.control }

    /// Whether the stored response carries a validator to revalidate it with.
    var hasValidators: Bool { facts.hasValidators }

    /// Whether `request` may be answered by this entry: same credentials, and the same values for
    /// every field `Vary` names (RFC 9111 §4.1).
    func matches(_ request: RequestFields) -> Bool {
        guard credential == CacheKey.credentialFingerprint(of: request) else { return false }
        return vary.allSatisfy { field in
            field.name != "*" && CacheKey.varyValue(named: field.name, in: request) == field.value
        }
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

    /// The id of an entry for `key` whose `Vary` values and credential fingerprint are `vary` and
    /// `credential`.
    init(key: String, vary: [VaryField], credential: UInt64?) {
        var variant = FNV1a.offsetBasis
        for field in vary {
            variant = FNV1a.hash("\(field.name)\u{0}\(field.value ?? "\u{1}")\n".utf8, continuing: variant)
        }
        if let credential {
            variant = FNV1a.hash("credential:\(credential)".utf8, continuing: variant)
        }
        self.init(primary: FNV1a.hash(key), variant: variant)
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
