import Courier

/// `URLEncoding.default` of nested parameters (dictionaries, arrays, numbers, bools, text that
/// needs escaping) into a query string, at 100, 1,000 and 10,000 keys: the cost per key must stay
/// flat. The sizes alternate within each round; the ratio compares each size's cost per key with
/// the cost per key at 100 keys.
enum URLEncodingScenario {
    static let sizes = [100, 1_000, 10_000]

    static func run(_ options: BenchOptions) async throws -> [ScenarioResult] {
        let request = URLRequest(url: URL(string: "https://api.example.com/v1/search")!)
        let inputs = sizes.map(parameters(keys:))
        var perKey = [[Double]](repeating: [], count: sizes.count)
        for _ in 0..<options.rounds {
            for (index, parameters) in inputs.enumerated() {
                let keys = sizes[index]
                let repeats = max(2, options.count(full: 200_000, quick: 40_000) / keys)
                let micros = try await Stopwatch.micros {
                    for _ in 0..<repeats { consume(try URLEncoding.default.encode(request, with: parameters)) }
                }
                perKey[index].append(micros / Double(repeats * keys))
            }
        }
        let smallest = perKey[0].median
        return sizes.indices.map { index in
            var result = ScenarioResult(
                id: "urlencode-\(sizes[index])",
                scenario: "URL-encode nested parameters, \(sizes[index].formatted()) keys (per key)",
                unit: "µs/key", courierMicros: perKey[index].median)
            if index > 0 {
                result.baselineMicros = smallest
                result.ratio = perKey[index].median / smallest
                result.goal = .flat(1.5)
                result.note = "baseline: cost per key at \(sizes[0]) keys"
            }
            return result
        }
    }

    /// `keys` leaf values in groups of ten: `group0042[address][city]=…`, `group0042[tags][]=…`.
    static func parameters(keys: Int) -> [String: any Sendable] {
        var parameters: [String: any Sendable] = [:]
        for group in 0..<(keys / 10) {
            let fields: [String: any Sendable] = [
                "id": group,
                "name": "user \(group)",
                "active": group.isMultiple(of: 2),
                "score": Double(group) / 4,
                "email": "user\(group)@example.com",
                "address": ["city": "Saint-Étienne", "zip": "42000"],
                "tags": ["a&b", "c=d"],
                "note": "50% off?",
            ]
            parameters["group\(group)"] = fields
        }
        return parameters
    }
}
