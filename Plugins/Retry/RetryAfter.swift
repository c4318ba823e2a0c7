import Courier

/// Reads a `Retry-After` header (RFC 9110 §10.2.3): either a number of seconds or an HTTP date.
enum RetryAfter {
    /// The wait the header asks for, in seconds from `now`; `nil` when absent or unreadable.
    ///
    /// Seconds are ASCII digits only (`delay-seconds = 1*DIGIT`): a sign makes the value unreadable,
    /// so `-5` is not a retry at once. More digits than an `Int` holds are still a wait, longer
    /// than any bound: infinity, which ``RetryPolicy/maximumRetryAfter`` turns down. A date is read
    /// in the three forms HTTP allows (IMF-fixdate, RFC 850, asctime), as the cache reads dates:
    /// without a `DateFormatter`, which on Linux leaks memory on some values and takes milliseconds.
    static func delay(in response: HTTPURLResponse?, now: Date = Date()) -> TimeInterval? {
        guard let value = response?.value(forHTTPHeaderField: "Retry-After")?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty
        else { return nil }
        if value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return Int(value).map(TimeInterval.init) ?? .infinity
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        return max(date.timeIntervalSince(now), 0)
    }
}
