import Foundation

/// This process's memory, from `/proc/self/status` (Linux).
enum ProcessMemory {
    /// The resident set size now, in MiB.
    static var residentMiB: Double? { field("VmRSS:") }

    /// The highest resident set size so far ("high water mark"), in MiB.
    static var peakResidentMiB: Double? { field("VmHWM:") }

    private static func field(_ name: String) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let kilobytes = line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first.flatMap {
                Double($0)
            }
            return kilobytes.map { $0 / 1024 }
        }
        return nil
    }
}
