import Courier
import Foundation

/// Times as the logger prints them, formatted with integer arithmetic only: no `DateFormatter`
/// (slow to create, and not safe to share between threads), no time-zone database, no locale.
enum LogTime {
    /// Appends `2025-01-14T12:34:56.789Z` (UTC, milliseconds) for `date`.
    static func appendTimestamp(of date: Date, to text: inout String) {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (days, millisecondOfDay) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
        // Two strings of at most 15 bytes, which Swift keeps inline: no allocation per line.
        text += String(unsafeUninitializedCapacity: 10) { bytes in
            write(year, width: 4, at: 0, into: bytes)
            bytes[4] = UInt8(ascii: "-")
            write(month, width: 2, at: 5, into: bytes)
            bytes[7] = UInt8(ascii: "-")
            write(day, width: 2, at: 8, into: bytes)
            return 10
        }
        text += String(unsafeUninitializedCapacity: 14) { bytes in
            bytes[0] = UInt8(ascii: "T")
            write(millisecondOfDay / 3_600_000, width: 2, at: 1, into: bytes)
            bytes[3] = UInt8(ascii: ":")
            write(millisecondOfDay / 60_000 % 60, width: 2, at: 4, into: bytes)
            bytes[6] = UInt8(ascii: ":")
            write(millisecondOfDay / 1000 % 60, width: 2, at: 7, into: bytes)
            bytes[9] = UInt8(ascii: ".")
            write(millisecondOfDay % 1000, width: 3, at: 10, into: bytes)
            bytes[13] = UInt8(ascii: "Z")
            return 14
        }
    }

    /// `0.4 ms`, `12.3 ms`, `1534.0 ms`: milliseconds with one decimal, rounded, as
    /// ``TransferMetrics`` prints them.
    static func elapsed(_ duration: Duration) -> String {
        MillisecondsText.text(for: duration)
    }

    /// The proleptic Gregorian date `days` days after 1970-01-01, by counting 400-year eras of
    /// 146 097 days in a calendar that starts on 1 March, so that leap days fall at the end.
    static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let daysSinceMarchYear0 = days + 719_468
        let (era, dayOfEra) = floorDivision(daysSinceMarchYear0, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Quotient and remainder rounded towards minus infinity, so dates before 1970 work too.
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// Writes the last `width` decimal digits of `value` (zero-padded) at `offset`.
    private static func write(_ value: Int64, width: Int, at offset: Int, into bytes: UnsafeMutableBufferPointer<UInt8>)
    {
        var rest = value.magnitude
        for position in stride(from: offset + width - 1, through: offset, by: -1) {
            bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }
}
