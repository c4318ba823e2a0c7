import Foundation

/// The process's resident memory, from Linux's `/proc/self/status`, for the memory tests.
public enum ResidentMemory {
    /// The resident set size (`VmRSS`), in MiB; 0 where `/proc` does not say.
    public static func mebibytes() throws -> Double {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        let kilobytes = line?.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Double($0) }
        return (kilobytes ?? 0) / 1024
    }

    /// Samples the resident memory every 20 ms into `peak`, the highest seen, until cancelled.
    public static func samplePeak(into peak: Locked<Double>) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                if let now = try? mebibytes() { peak.withLock { $0 = max($0, now) } }
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
    }
}
