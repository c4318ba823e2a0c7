import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Copies of errors whose `userInfo` holds no secret, for the `NSError` bridge of
/// ``CourierError``: `"\(error as NSError)"` prints the wrapped error's user info, failing URLs
/// included.
enum RedactedError {
    /// How deep nested underlying errors are followed; deeper ones are replaced by their domain and
    /// code.
    static let depthLimit = 8

    /// `error` itself when its user info holds no secret; otherwise a copy (a `URLError` stays a
    /// `URLError`, anything else becomes an `NSError` of the same domain and code) whose strings
    /// and URLs are redacted, nested underlying errors included. A `DecodingError` about a value
    /// under a secret key stays a `DecodingError`, its description hidden.
    static func copy(of error: any Error, _ redaction: Redaction) -> any Error {
        copy(of: error, redaction, depth: 0).error
    }

    private static func copy(of error: any Error, _ redaction: Redaction, depth: Int) -> (
        error: any Error, changed: Bool
    ) {
        if error is CourierError { return (error, false) }  // its own bridge is redacted
        if let decoding = error as? DecodingError, let hidden = decoding.hidingValueText(redaction) {
            return (hidden, true)
        }
        let bridged = error as NSError
        guard depth < depthLimit else { return (NSError(domain: bridged.domain, code: bridged.code), true) }
        var changed = false
        var info: [String: Any] = [:]
        for (key, value) in bridged.userInfo {
            let redacted = redactedValue(value, redaction, depth: depth)
            changed = changed || redacted.changed
            info[key] = redacted.value
        }
        guard changed else { return (error, false) }
        if let urlError = error as? URLError { return (URLError(urlError.code, userInfo: info), true) }
        return (NSError(domain: bridged.domain, code: bridged.code, userInfo: info), true)
    }

    private static func redactedValue(_ value: Any, _ redaction: Redaction, depth: Int) -> (value: Any, changed: Bool) {
        switch value {
        case let text as String:
            let redacted = redaction.redacting(text)
            return (redacted, redacted != text)
        case let url as URL:
            let redacted = redaction.url(url)
            return redacted == url.absoluteString ? (url, false) : (URL(string: redacted) ?? redacted, true)
        case let errors as [any Error]:
            let copies = errors.map { copy(of: $0, redaction, depth: depth + 1) }
            return (copies.map(\.error), copies.contains { $0.changed })
        case let error as any Error:
            let copied = copy(of: error, redaction, depth: depth + 1)
            return (copied.error, copied.changed)
        default:
            return (value, false)
        }
    }
}
