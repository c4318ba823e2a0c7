import Foundation

/// What the cache reads from a stored response's fields each time it is used, parsed once when
/// the response is stored (or read from disk, or updated by a `304`) rather than on every lookup.
struct ResponseFacts: Equatable, Sendable {
    /// What an `Expires` field says.
    enum Expiry: Equatable, Sendable {
        /// No `Expires`.
        case absent
        /// An `Expires` that is not a date: already expired (RFC 9111 §5.3).
        case invalid
        /// A date.
        case at(Date)
    }

    /// The response's `Cache-Control`.
    let control: CacheControl
    /// Its `Date`, when valid.
    let date: Date?
    /// Its `Expires`.
    let expiry: Expiry
    /// Its `Last-Modified`, when valid.
    let lastModified: Date?
    /// Its `Age`, saturated; `0` when absent or invalid.
    let age: Int
    /// Whether it has an `ETag` or a `Last-Modified` to revalidate with.
    var hasValidators: Bool { eTag != nil || lastModifiedField != nil }
    /// Its `ETag`, as sent.
    let eTag: String?
    /// Its `Last-Modified`, as sent (valid or not).
    let lastModifiedField: String?

    /// The facts of a response with `headers`.
    init(_ headers: [String: String]) {
        let fields = Fields(headers)
        control = CacheControl(fields.cacheControl.value, isRequest: false)
        date = fields.date.value.flatMap(HTTPDate.parse)
        expiry = fields.expires.value.map { HTTPDate.parse($0).map(Expiry.at) ?? .invalid } ?? .absent
        lastModified = fields.lastModified.value.flatMap(HTTPDate.parse)
        age = Freshness.ageValue(fields.age.value)
        eTag = fields.eTag.value
        lastModifiedField = fields.lastModified.value
    }

    /// The six fields the facts are read from, found in one pass over the fields, each as
    /// `HTTPHeaders.value(_:in:)` finds it: the field spelt as here if there is one, else the
    /// first in another case. Looking each up on its own hashed its name and, for the fields a
    /// response lacks (most lack `Expires` and `Age`), then walked every field anyway.
    private struct Fields {
        var cacheControl = Found()
        var date = Found()
        var expires = Found()
        var lastModified = Found()
        var age = Found()
        var eTag = Found()

        init(_ headers: [String: String]) {
            for (name, value) in headers {
                // Told apart by length first: most fields are none of the six.
                switch name.utf8.count {
                case 3: age.consider(name, "Age", value)
                case 4:
                    date.consider(name, "Date", value)
                    eTag.consider(name, "ETag", value)
                case 7: expires.consider(name, "Expires", value)
                case 13:
                    cacheControl.consider(name, "Cache-Control", value)
                    lastModified.consider(name, "Last-Modified", value)
                default: break
                }
            }
        }
    }

    /// A field's value, as found so far.
    private struct Found {
        private(set) var value: String?
        /// The value is the field spelt exactly as asked: no other may replace it.
        private var isExact = false

        /// Takes `value` if the field `name` is `wanted` in any case, and nothing better was found.
        mutating func consider(_ name: String, _ wanted: String, _ value: String) {
            guard !isExact, name.caseInsensitiveEquals(wanted) else { return }
            if name == wanted {
                self.value = value
                isExact = true
            } else if self.value == nil {
                self.value = value
            }
        }
    }
}
