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
    let hasValidators: Bool

    /// The facts of a response with `headers`.
    init(_ headers: [String: String]) {
        func field(_ name: String) -> String? { HTTPHeaders.value(name, in: headers) }
        control = CacheControl(field("Cache-Control"), isRequest: false)
        date = field("Date").flatMap(HTTPDate.parse)
        expiry = field("Expires").map { HTTPDate.parse($0).map(Expiry.at) ?? .invalid } ?? .absent
        lastModified = field("Last-Modified").flatMap(HTTPDate.parse)
        age = Freshness.ageValue(field("Age"))
        hasValidators = field("ETag") != nil || field("Last-Modified") != nil
    }
}
