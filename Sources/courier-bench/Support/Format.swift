import Foundation

/// Number formatting for the table and the JSON.
enum Format {
    /// `0.84`, `12.3`, `905`: three significant digits, at most two decimals.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let decimals = value >= 100 ? 0 : value >= 10 ? 1 : 2
        return String(format: "%.\(decimals)f", value)
    }

    /// `1.02×`.
    static func ratio(_ value: Double) -> String {
        value.isFinite ? String(format: "%.2f×", value) : "—"
    }

    /// The value rounded to three decimals, for JSON.
    static func rounded(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }
}
