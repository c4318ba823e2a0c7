/// Several sides measured alternately in the same process, round after round: the generalisation
/// of ``Comparison`` for rows that put more than two clients side by side (raw URLSession, Courier
/// on each transport, a bare libcurl loop).
///
/// Each round runs one batch of every side, the order rotated by one each round, so that drift in
/// the machine's speed hits every side equally. Figures are medians over rounds; ratios are medians
/// of the per-round ratios.
struct MultiComparison {
    /// One side's figures.
    struct Side {
        let name: String
        /// µs per operation (median over rounds).
        let micros: Double
        /// Process CPU µs per operation (median over rounds).
        let cpuMicros: Double
        fileprivate let wallRounds: [Double]
        fileprivate let cpuRounds: [Double]
    }

    let sides: [Side]

    /// Runs `rounds` rounds of `operations` operations on each side.
    static func measure(rounds: Int, operations: Int, sides: [(name: String, batch: Comparison.Batch)]) async throws
        -> MultiComparison
    {
        var wall = Array(repeating: [Double](), count: sides.count)
        var cpu = Array(repeating: [Double](), count: sides.count)
        for round in 0..<rounds {
            for step in 0..<sides.count {
                let index = (round + step) % sides.count
                let time = try await Stopwatch.measure { try await sides[index].batch(operations) }
                wall[index].append(time.wall / Double(operations))
                cpu[index].append(time.cpu / Double(operations))
            }
        }
        return MultiComparison(
            sides: sides.indices.map { index in
                Side(
                    name: sides[index].name, micros: wall[index].median, cpuMicros: cpu[index].median,
                    wallRounds: wall[index], cpuRounds: cpu[index])
            })
    }

    /// The side called `name`.
    func side(_ name: String) -> Side? {
        sides.first { $0.name == name }
    }

    /// A two-sided ``Comparison`` of `side` against `baseline`, from the same rounds.
    func comparison(_ side: Side, against baseline: Side) -> Comparison {
        let ratios = zip(side.wallRounds, baseline.wallRounds).map { $0 / $1 }
        let cpuRatios = zip(side.cpuRounds, baseline.cpuRounds).map { $0 / $1 }
        return Comparison(
            courierMicros: side.micros, courierCPUMicros: side.cpuMicros, baselineMicros: baseline.micros,
            ratio: ratios.median, cpuRatio: cpuRatios.median)
    }

    /// What `side` costs beyond `reference`, against what `baseline` costs beyond it, from the same
    /// rounds: the figures are the medians of the differences, the ratios the medians of the per-round
    /// ratios of the differences.
    func excess(of side: Side, against baseline: Side, over reference: Side) -> Comparison {
        func differences(_ rounds: [Double], _ referenceRounds: [Double]) -> [Double] {
            zip(rounds, referenceRounds).map { $0 - $1 }
        }
        let wall = differences(side.wallRounds, reference.wallRounds)
        let baselineWall = differences(baseline.wallRounds, reference.wallRounds)
        let cpu = differences(side.cpuRounds, reference.cpuRounds)
        let baselineCPU = differences(baseline.cpuRounds, reference.cpuRounds)
        return Comparison(
            courierMicros: wall.median, courierCPUMicros: cpu.median, baselineMicros: baselineWall.median,
            ratio: zip(wall, baselineWall).map { $0 / $1 }.median,
            cpuRatio: zip(cpu, baselineCPU).map { $0 / $1 }.median)
    }
}
