import Foundation

/// HTTP dates (RFC 9110 §5.6.7), read in the three forms a recipient must accept and written in the
/// one a sender must use. No `DateFormatter`: parsing is a few comparisons, safe from any thread, and
/// anything unexpected is `nil` (which `Expires` reads as "already expired", RFC 9111 §5.3).
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1 January 1970 was a Thursday

    /// The date in `text`: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`) or asctime (`Sun Nov  6 08:49:37 1994`); `nil` otherwise.
    static func parse(_ text: String) -> Date? {
        guard text.utf8.count <= 64 else { return nil }
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "-" || $0 == "\t" }
        var month: Int?
        var clock: (Int, Int, Int)?
        var numbers: [Int] = []
        var yearDigits = 0
        for (position, token) in tokens.enumerated() {
            if token.contains(":") {
                guard clock == nil, let time = parseClock(token) else { return nil }
                clock = time
            } else if let number = Int(token), token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                numbers.append(number)
                if numbers.count == 2 { yearDigits = token.utf8.count }
            } else if let index = months.firstIndex(of: token.lowercased()) {
                guard month == nil else { return nil }
                month = index + 1
            } else if position == 0 || token == "GMT" || token == "UTC" {
                continue  // the weekday, which says nothing the date does not, and the zone
            } else {
                return nil
            }
        }
        guard let month, let (hour, minute, second) = clock, numbers.count == 2 else { return nil }
        let day = numbers[0]
        var year = numbers[1]
        if yearDigits == 2 { year += year < 70 ? 2000 : 1900 }  // RFC 850 years: as close to now as 1970–2069 allows
        guard (1...31).contains(day), (1...9999).contains(year), yearDigits == 2 || yearDigits == 4 else {
            return nil
        }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `date` as an IMF-fixdate, the form HTTP senders use.
    static func format(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let time = "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        return "\(weekday), \(two(day)) \(months[month - 1].capitalized) \(year) \(time) GMT"
    }

    private static func parseClock(_ token: Substring) -> (Int, Int, Int)? {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ $0.utf8.count == 2 }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), let second = Int(parts[2]),
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
