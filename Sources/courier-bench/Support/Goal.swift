/// What a scenario must reach, from issue #8's table.
enum Goal {
    /// Courier's time per operation at most this many µs, judged on process CPU time when it
    /// was measured (a busy machine stretches wall time, not the work done).
    case maxMicros(Double)
    /// Courier ÷ baseline at most this.
    case maxRatio(Double)
    /// Cost per key at the largest size ÷ cost per key at the smallest at most this (no
    /// quadratic growth; sorting keys allows a little).
    case flat(Double)
    /// Peak resident memory of the transfer's process at most this many MiB.
    case maxPeakRSS(Double)
    /// Resident memory growth over the run at most this many MiB.
    case maxRSSGrowth(Double)
    /// At least this many MB/s of Courier's CPU time for `bytes` a pass, or Courier ÷ baseline at
    /// most `orRatio`, whichever comes first (issue 36's SSE parsing: 1 GB/s or 4× a newline scan).
    case minThroughput(megabytesPerSecond: Double, bytes: Int, orRatio: Double)
    /// Issue 36's server scale: ahead of AsyncHTTPClient in requests a second, CPU a request, p99
    /// latency and memory a request in flight, and at most this many KiB a request in flight.
    case aheadAtScale(maxKiBPerRequest: Double)
    /// No goal: the row is context for another.
    case none

    /// `≤ 5 µs`, `≤ 1.05×`…
    var text: String {
        switch self {
        case .maxMicros(let micros): "≤ \(Format.number(micros)) µs"
        case .maxRatio(let ratio): "≤ \(Format.ratio(ratio))"
        case .flat(let ratio): "flat (≤ \(Format.ratio(ratio)))"
        case .maxPeakRSS(let mib): "peak ≤ \(Format.number(mib)) MiB"
        case .maxRSSGrowth(let mib): "growth ≤ \(Format.number(mib)) MiB"
        case .minThroughput(let rate, _, let ratio): "≥ \(Format.number(rate)) MB/s or ≤ \(Format.ratio(ratio))"
        case .aheadAtScale(let kib): "ahead of AsyncHTTPClient, ≤ \(Format.number(kib)) KiB/in flight"
        case .none: "—"
        }
    }

    /// Whether `result` reaches the goal; `nil` when there is nothing to judge.
    func isMet(by result: ScenarioResult) -> Bool? {
        switch self {
        case .maxMicros(let micros): (result.courierCPUMicros ?? result.courierMicros).map { $0 <= micros }
        case .maxRatio(let ratio), .flat(let ratio): result.ratio.map { $0 <= ratio }
        case .maxPeakRSS(let mib): result.peakRSSMiB.map { $0 <= mib }
        case .maxRSSGrowth(let mib): result.rssGrowthMiB.map { $0 <= mib }
        case .minThroughput(let rate, let bytes, let ratio):
            (result.courierCPUMicros ?? result.courierMicros).map { micros in
                Double(bytes) / micros >= rate || (result.ratio.map { $0 <= ratio } ?? false)
            }
        case .aheadAtScale(let kib):
            #if os(Linux)
                result.scale?.isAhead(cpuRatio: result.cpuRatio, maxKiB: kib)
            #else
                nil
            #endif
        case .none: nil
        }
    }
}
