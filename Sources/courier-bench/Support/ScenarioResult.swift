/// One row of the results: what was measured for a scenario and the goal it is held to.
struct ScenarioResult: Encodable {
    /// A stable identifier, e.g. `get-100b-c16`.
    let id: String
    /// What a reader sees in the table.
    let scenario: String
    /// What `courier_us` and `baseline_us` count: `µs/request`, `µs/key`, `µs/transfer`.
    var unit = "µs/request"
    /// Courier's cost per unit (median over rounds).
    var courierMicros: Double?
    /// Courier's cost per unit in process CPU time (median over rounds): what a busy machine
    /// does not inflate, unlike wall time.
    var courierCPUMicros: Double?
    /// The baseline's cost per unit (median over rounds).
    var baselineMicros: Double?
    /// Courier ÷ baseline (median of per-round ratios).
    var ratio: Double?
    /// Courier ÷ baseline in process CPU time (median of per-round ratios).
    var cpuRatio: Double?
    /// Peak resident memory of Courier's transfer process, in MiB.
    var peakRSSMiB: Double?
    /// Peak resident memory of the baseline's transfer process, in MiB.
    var baselinePeakRSSMiB: Double?
    /// Resident memory growth over the run, in MiB.
    var rssGrowthMiB: Double?
    /// The goal.
    var goal: Goal = .none
    /// Anything the reader must know to read the row right.
    var note: String?
    #if os(Linux)
        /// The server-scale rows' own figures.
        var scale: ScaleFigures?
    #endif

    enum CodingKeys: String, CodingKey {
        case id, scenario, unit, ratio, note, goal, met
        case cpuRatio = "cpu_ratio"
        case courierMicros = "courier_us"
        case courierCPUMicros = "courier_cpu_us"
        case baselineMicros = "baseline_us"
        case peakRSSMiB = "peak_rss_mib"
        case baselinePeakRSSMiB = "baseline_peak_rss_mib"
        case rssGrowthMiB = "rss_growth_mib"
    }

    /// Whether the goal is met; `nil` when there is none.
    var isMet: Bool? { goal.isMet(by: self) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(unit, forKey: .unit)
        try container.encodeIfPresent(courierMicros.map(Format.rounded), forKey: .courierMicros)
        try container.encodeIfPresent(courierCPUMicros.map(Format.rounded), forKey: .courierCPUMicros)
        try container.encodeIfPresent(baselineMicros.map(Format.rounded), forKey: .baselineMicros)
        try container.encodeIfPresent(ratio.map(Format.rounded), forKey: .ratio)
        try container.encodeIfPresent(cpuRatio.map(Format.rounded), forKey: .cpuRatio)
        try container.encodeIfPresent(peakRSSMiB.map(Format.rounded), forKey: .peakRSSMiB)
        try container.encodeIfPresent(baselinePeakRSSMiB.map(Format.rounded), forKey: .baselinePeakRSSMiB)
        try container.encodeIfPresent(rssGrowthMiB.map(Format.rounded), forKey: .rssGrowthMiB)
        try container.encode(goal.text, forKey: .goal)
        try container.encodeIfPresent(isMet, forKey: .met)
        try container.encodeIfPresent(note, forKey: .note)
    }
}

extension ScenarioResult {
    /// A row filled from a ``Comparison``.
    init(id: String, scenario: String, unit: String = "µs/request", comparison: Comparison, goal: Goal) {
        self.init(id: id, scenario: scenario, unit: unit, goal: goal)
        courierMicros = comparison.courierMicros
        courierCPUMicros = comparison.courierCPUMicros
        baselineMicros = comparison.baselineMicros
        ratio = comparison.ratio
        cpuRatio = comparison.cpuRatio
    }
}
