import Foundation

/// Times work: wall-clock time, and the CPU time of the whole process (every thread, URLSession's
/// included), both in microseconds.
struct Stopwatch {
    /// Wall-clock µs.
    let wall: Double
    /// CPU µs of this process; less disturbed than wall time by other processes on a busy machine.
    let cpu: Double

    /// How long `work` took.
    static func measure(_ work: () async throws -> Void) async rethrows -> Stopwatch {
        let cpuStart = processCPUMicros()
        let start = ContinuousClock.now
        try await work()
        let wall = (ContinuousClock.now - start).micros
        return Stopwatch(wall: wall, cpu: processCPUMicros() - cpuStart)
    }

    /// How long `work` took on the wall clock, in µs.
    static func micros(_ work: () async throws -> Void) async rethrows -> Double {
        try await measure(work).wall
    }

    private static func processCPUMicros() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
    }
}

extension Duration {
    /// The duration in microseconds.
    var micros: Double {
        Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12
    }
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

extension Array where Element == Double {
    /// The median; the mean of the two middle values for an even count.
    var median: Double {
        let sorted = sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
