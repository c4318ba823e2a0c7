import Foundation

/// The requests of one app, as `Runners/RequestDump.swift` prints them and as the fixtures in
/// `Fixtures/MoyaRequests` write them: blocks that start with `== name`.
struct RequestFixture: Equatable {
    /// Each request's lines, by name, in order.
    let requests: [(name: String, lines: [String])]

    /// Reads `text`, skipping `#` comment lines and blank lines. A line `=> …` replaces the line
    /// before it: what Courier sends on purpose instead of Moya's bytes, which stay on the line
    /// above for the reader (a comment says why, and where the guide documents it).
    init(_ text: String) {
        var requests: [(String, [String])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
            if line.hasPrefix("=> "), !requests.isEmpty, !requests[requests.count - 1].1.isEmpty {
                requests[requests.count - 1].1[requests[requests.count - 1].1.count - 1] = String(line.dropFirst(3))
            } else if line.hasPrefix("== ") {
                requests.append((String(line.dropFirst(3)), []))
            } else if !requests.isEmpty {
                requests[requests.count - 1].1.append(String(line))
            }
        }
        self.requests = requests
    }

    static func == (lhs: RequestFixture, rhs: RequestFixture) -> Bool {
        lhs.requests.map(\.name) == rhs.requests.map(\.name)
            && lhs.requests.map { comparable($0.lines) } == rhs.requests.map { comparable($0.lines) }
    }

    /// The lines with header names in lower case: field names are case-insensitive (RFC 9110
    /// §5.1), and FoundationNetworking writes `X-Device-ID` as `X-Device-Id`.
    private static func comparable(_ lines: [String]) -> [String] {
        var inHeaders = true
        return lines.enumerated().map { index, line in
            if line == "body:" || line == "(no body)" { inHeaders = false }
            guard inHeaders, index > 0, let colon = line.firstIndex(of: ":") else { return line }
            return line[..<colon].lowercased() + line[colon...]
        }
    }

    /// The requests whose lines differ from `expected`'s, each with both versions, for a failure message.
    func differences(from expected: RequestFixture) -> [String] {
        var found: [String] = []
        let actual = Dictionary(requests.map { ($0.name, $0.lines) }, uniquingKeysWith: { first, _ in first })
        for (name, lines) in expected.requests where actual[name].map(Self.comparable) != Self.comparable(lines) {
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
