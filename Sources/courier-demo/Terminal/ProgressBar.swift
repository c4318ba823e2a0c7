import Foundation

/// The text of a progress display, for a terminal (a bar redrawn in place) or for a pipe or file
/// (a plain line at every quarter).
struct ProgressBar {
    /// What is moving, e.g. `upload` or `download`.
    let label: String
    /// How many cells the bar has.
    var width = 30

    /// `upload [███████████░░░░░░░░░░░░░░░░░░░]  38%  12.0 KiB of 31.5 KiB`, or with an unknown
    /// total `download [ … ] 12.0 KiB`.
    func bar(completed: Int64, total: Int64?) -> String {
        guard let total, total > 0 else {
            return "\(label) \(Self.size(completed))"
        }
        let fraction = min(max(Double(completed) / Double(total), 0), 1)
        let filled = Int((fraction * Double(width)).rounded(.down))
        let cells = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "\(label) [\(cells)] \(Self.percent(fraction))  \(Self.size(completed)) of \(Self.size(total))"
    }

    /// `upload: 50% (16128 of 32256 bytes)`, or `upload: 16128 bytes` with an unknown total.
    func plainLine(completed: Int64, total: Int64?) -> String {
        guard let total, total > 0 else { return "\(label): \(completed) bytes" }
        let fraction = min(max(Double(completed) / Double(total), 0), 1)
        return
            "\(label): \(Self.percent(fraction).trimmingCharacters(in: .whitespaces)) (\(completed) of \(total) bytes)"
    }

    /// The quarter (0 to 4) that `completed` of `total` has reached; plain lines are printed when
    /// it grows.
    static func quarter(completed: Int64, total: Int64?) -> Int {
        guard let total, total > 0 else { return 0 }
        return Int(min(max(Double(completed) / Double(total), 0), 1) * 4)
    }

    /// `  7%`, `100%`: always four characters, so the bar does not jump.
    static func percent(_ fraction: Double) -> String {
        let text = "\(Int((fraction * 100).rounded(.down)))%"
        return String(repeating: " ", count: max(0, 4 - text.count)) + text
    }

    /// `512 B`, `12.0 KiB`, `3.4 MiB`.
    static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let kibibytes = Double(bytes) / 1024
        if kibibytes < 1024 { return String(format: "%.1f KiB", kibibytes) }
        return String(format: "%.1f MiB", kibibytes / 1024)
    }
}
