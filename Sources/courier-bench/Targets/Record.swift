/// One element of the 1 MiB JSON body (`/1m.json`, written by `scripts/bench.sh`), and of the 10 KB
/// body the encoding rows send (``body10K``).
struct Record: Codable, Sendable {
    let id: Int
    let name: String
    let email: String
    let active: Bool
    let score: Double
    let tags: [String]
}
