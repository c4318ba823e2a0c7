import Foundation

/// Prints the results as a Markdown table and writes them as JSON.
enum Report {
    /// The Markdown table, one row per scenario.
    static func markdown(_ results: [ScenarioResult]) -> String {
        var lines = [
            "| scenario | Courier | Courier CPU | baseline | ratio | CPU ratio | memory | goal | met |",
            "|---|---:|---:|---:|---:|---:|---:|---|---|",
        ]
        for result in results {
            let cells: [String] = [
                result.scenario + (result.note.map { " — \($0)" } ?? ""),
                micros(result.courierMicros, unit: result.unit),
                micros(result.courierCPUMicros, unit: result.unit),
                micros(result.baselineMicros, unit: result.unit),
                result.ratio.map(Format.ratio) ?? "—",
                result.cpuRatio.map(Format.ratio) ?? "—",
                memory(result),
                result.goal.text,
                result.isMet.map { $0 ? "yes" : "**no**" } ?? "—",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// `905 µs`, or `0.31 µs/key` for units other than per request.
    private static func micros(_ value: Double?, unit: String) -> String {
        guard let value else { return "—" }
        let shown = unit == "µs/request" ? "µs" : unit
        return "\(Format.number(value)) \(shown)"
    }

    private static func memory(_ result: ScenarioResult) -> String {
        if let growth = result.rssGrowthMiB { return "+\(Format.number(growth)) MiB" }
        guard let peak = result.peakRSSMiB else { return "—" }
        let baseline = result.baselinePeakRSSMiB.map { " (baseline \(Format.number($0)))" } ?? ""
        return "\(Format.number(peak)) MiB\(baseline)"
    }

    /// Writes `[{…}, …]`, one object per scenario, to `path`.
    static func writeJSON(_ results: [ScenarioResult], to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(results).write(to: URL(fileURLWithPath: path))
    }
}
