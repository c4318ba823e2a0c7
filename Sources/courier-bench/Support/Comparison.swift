/// Baseline and Courier measured alternately in the same process, round after round.
///
/// Each round runs one batch of each, in alternating order (baseline first in even rounds), so
/// that drift in the machine's speed hits both equally. The reported figures are medians over
/// rounds: µs per operation for each side, and the median of the per-round ratios, which cancels
/// noise that a ratio of two medians would keep. The same is kept for the process's CPU time.
struct Comparison {
    /// µs per operation through Courier (median over rounds).
    let courierMicros: Double
    /// Process CPU µs per operation through Courier (median over rounds).
    let courierCPUMicros: Double
    /// µs per operation for the baseline (median over rounds).
    let baselineMicros: Double
    /// Courier ÷ baseline in wall-clock time (median of the per-round ratios).
    let ratio: Double
    /// Courier ÷ baseline in process CPU time (median of the per-round ratios).
    let cpuRatio: Double

    /// One side's work: performs `count` operations.
    typealias Batch = (_ count: Int) async throws -> Void

    /// Runs `rounds` rounds of `operations` operations on each side.
    static func measure(
        rounds: Int, operations: Int, baseline: Batch, courier: Batch
    ) async throws -> Comparison {
        var baselineRounds: [Double] = []
        var courierRounds: [Double] = []
        var courierCPURounds: [Double] = []
        var ratios: [Double] = []
        var cpuRatios: [Double] = []
        for round in 0..<rounds {
            let baselineTime: Stopwatch
            let courierTime: Stopwatch
            if round.isMultiple(of: 2) {
                baselineTime = try await Stopwatch.measure { try await baseline(operations) }
                courierTime = try await Stopwatch.measure { try await courier(operations) }
            } else {
                courierTime = try await Stopwatch.measure { try await courier(operations) }
                baselineTime = try await Stopwatch.measure { try await baseline(operations) }
            }
            baselineRounds.append(baselineTime.wall / Double(operations))
            courierRounds.append(courierTime.wall / Double(operations))
            courierCPURounds.append(courierTime.cpu / Double(operations))
            ratios.append(courierTime.wall / baselineTime.wall)
            cpuRatios.append(courierTime.cpu / baselineTime.cpu)
        }
        return Comparison(
            courierMicros: courierRounds.median, courierCPUMicros: courierCPURounds.median,
            baselineMicros: baselineRounds.median, ratio: ratios.median,
            cpuRatio: cpuRatios.median)
    }
}
