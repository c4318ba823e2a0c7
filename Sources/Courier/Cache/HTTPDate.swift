import Foundation

/// HTTP dates (RFC 9110 §5.6.7), read in the three forms a recipient must accept and written in the
/// one a sender must use. No `DateFormatter`: parsing is a few comparisons, safe from any thread, and
/// anything unexpected is `nil` (which `Expires` reads as "already expired", RFC 9111 §5.3). The
/// retry plugin reads `Retry-After` dates with it too.
package enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1 January 1970 was a Thursday

    /// The date in `text`: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`) or asctime (`Sun Nov  6 08:49:37 1994`); `nil` otherwise.
    /// Read byte by byte in place, with no intermediate strings or arrays: it runs on every answer
    /// the cache stores or refreshes (`Date`, `Expires`, `Last-Modified`).
    package static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count <= 64 else { return nil }
        var month: Int?
        var clock: (hour: Int, minute: Int, second: Int)?
        // The day and the year, in that order, with how many digits each was written in.
        var day: (value: Int, digits: Int)?
        var year: (value: Int, digits: Int)?
        var position = 0
        var start = 0
        while start < bytes.count {
            guard !isSeparator(bytes[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < bytes.count && !isSeparator(bytes[end]) { end += 1 }
            let token = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if token.contains(UInt8(ascii: ":")) {
                guard clock == nil, let time = parseClock(token) else { return nil }
                clock = time
            } else if let value = number(token) {
                guard year == nil else { return nil }
                if day == nil { day = (value, token.count) } else { year = (value, token.count) }
            } else if let index = monthIndex(token) {
                guard month == nil else { return nil }
                month = index + 1
            } else if position != 0 && !token.elementsEqual("GMT".utf8) && !token.elementsEqual("UTC".utf8) {
                return nil  // the weekday, first, says nothing the date does not; anything else is wrong
            }
            position += 1
            start = end
        }
        guard let month, let clock, let day, let (written, yearDigits) = year else { return nil }
        // RFC 850 years: as close to now as 1970–2069 allows
        let fullYear = yearDigits == 2 ? written + (written < 70 ? 2000 : 1900) : written
        guard (1...31).contains(day.value), day.digits <= 2, (1...9999).contains(fullYear),
            yearDigits == 2 || yearDigits == 4
        else { return nil }
        let days = daysSince1970(year: fullYear, month: month, day: day.value)
        let seconds = ((days * 24 + clock.hour) * 60 + clock.minute) * 60 + clock.second
        // A leap second on the last day of 9999 is an instant of year 10000, which no HTTP date spells.
        guard writableSeconds.contains(TimeInterval(seconds)) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The instants an HTTP date can spell, from year 1 to year 9999 (four digits), in seconds
    /// since 1970.
    static let writableSeconds: Range<Double> = -62_135_596_800..<253_402_300_800

    /// `date` as an IMF-fixdate, the form HTTP senders use: the year in four digits, so a date
    /// within ``writableSeconds`` reads back as the same instant.
    static func format(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let time = "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        let digits = String(year)
        let fourDigits = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        return "\(weekday), \(two(day)) \(months[month - 1].capitalized) \(fourDigits) \(time) GMT"
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "-") || byte == 0x09
    }

    /// The value of a token of one to four digits.
    private static func number(_ token: UnsafeBufferPointer<UInt8>) -> Int? {
        guard (1...4).contains(token.count) else { return nil }
        var value = 0
        for byte in token {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The month a three-letter token names, in any case, from 0 for January.
    private static func monthIndex(_ token: UnsafeBufferPointer<UInt8>) -> Int? {
        guard token.count == 3 else { return nil }
        let lowered = (UInt32(token[0] | 0x20) << 16) | (UInt32(token[1] | 0x20) << 8) | UInt32(token[2] | 0x20)
        return monthKeys.firstIndex(of: lowered)
    }

    /// The names of ``months`` as three bytes in one number, as ``monthIndex(_:)`` compares them.
    private static let monthKeys: [UInt32] = months.map { name in
        name.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// `HH:MM:SS`, two digits each.
    private static func parseClock(_ token: UnsafeBufferPointer<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        guard token.count == 8, token[2] == UInt8(ascii: ":"), token[5] == UInt8(ascii: ":"),
            let hour = number(UnsafeBufferPointer(rebasing: token[0..<2])),
            let minute = number(UnsafeBufferPointer(rebasing: token[3..<5])),
            let second = number(UnsafeBufferPointer(rebasing: token[6..<8])),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        return (hour, minute, second)
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
