import Courier

/// Reads a `Retry-After` header (RFC 9110 §10.2.3): either a number of seconds or an HTTP date.
enum RetryAfter {
    /// The wait the header asks for, in seconds from `now`; `nil` when absent or unreadable.
    ///
    /// Seconds are ASCII digits only (`delay-seconds = 1*DIGIT`): a sign makes the value unreadable,
    /// so `-5` is not a retry at once. More digits than an `Int` holds are still a wait, longer
    /// than any bound: infinity, which ``RetryPolicy/maximumRetryAfter`` turns down.
    static func delay(in response: HTTPURLResponse?, now: Date = Date()) -> TimeInterval? {
        guard let value = response?.value(forHTTPHeaderField: "Retry-After")?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty
        else { return nil }
        if value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return Int(value).map(TimeInterval.init) ?? .infinity
        }
        guard let date = httpDate(value) else { return nil }
        return max(date.timeIntervalSince(now), 0)
    }

    /// Parses the three date forms HTTP allows (RFC 9110 §5.6.7): IMF-fixdate and the obsolete
    /// RFC 850 and asctime forms. A formatter is made per call: this runs only on the retry path.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
