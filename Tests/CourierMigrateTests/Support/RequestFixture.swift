import Foundation

/// The requests of one app, as `Runners/RequestDump.swift` prints them and as the fixtures in
/// `Fixtures/MoyaRequests` write them: blocks that start with `== name`.
struct RequestFixture: Equatable {
    /// Each request's lines, by name, in order.
    let requests: [(name: String, lines: [String])]

    /// Reads `text`, skipping `#` comment lines and blank lines.
    init(_ text: String) {
        var requests: [(String, [String])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
            if line.hasPrefix("== ") {
                requests.append((String(line.dropFirst(3)), []))
            } else if !requests.isEmpty {
                requests[requests.count - 1].1.append(String(line))
            }
        }
        self.requests = requests
    }

    static func == (lhs: RequestFixture, rhs: RequestFixture) -> Bool {
        lhs.requests.map(\.name) == rhs.requests.map(\.name) && lhs.requests.map(\.lines) == rhs.requests.map(\.lines)
    }

    /// The requests whose lines differ from `expected`'s, each with both versions, for a failure message.
    func differences(from expected: RequestFixture) -> [String] {
        var found: [String] = []
        let actual = Dictionary(requests.map { ($0.name, $0.lines) }, uniquingKeysWith: { first, _ in first })
        for (name, lines) in expected.requests where actual[name] != lines {
            let sent = actual[name].map { $0.joined(separator: "\n    ") } ?? "(no such request)"
            found.append(
                "\(name):\n  Moya sends:\n    \(lines.joined(separator: "\n    "))\n  Courier sends:\n    \(sent)")
        }
        let expectedNames = Set(expected.requests.map(\.name))
        for extra in requests.map(\.name) where !expectedNames.contains(extra) {
            found.append("\(extra): sent, but not in the fixture")
        }
        return found
    }
}
