import Courier
import CourierTestSupport
import XCTest

/// Random nested JSON is sent to httpbin, which parses it and echoes it back re-serialised by
/// Python; Courier's key-path mapper must find every leaf at its dotted path.
final class KeyPathPropertyTests: XCTestCase {
    override func setUpWithError() throws {
        try SanitizedRun.skipInputMatrix()
    }

    static let cases = 200
    static let seed: UInt64 = 0x4B_E9_A7_11

    /// A random key that a dotted path can name (no `.`), possibly empty.
    private func key(_ generator: inout SeededGenerator) -> String {
        generator.string(maximumLength: 8).replacingOccurrences(of: ".", with: "")
    }

    /// A random object, with every leaf's path and value recorded.
    private func object(
        depth: Int, path: String?, leaves: inout [(String, String)], using generator: inout SeededGenerator
    )
        -> [String: any Sendable]
    {
        var result: [String: any Sendable] = [:]
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let name = key(&generator)
            guard result[name] == nil else { continue }
            let child = path.map { "\($0).\(name)" } ?? name
            if depth < 5, Bool.random(using: &generator) {
                result[name] = object(depth: depth + 1, path: child, leaves: &leaves, using: &generator)
            } else {
                let leaf = generator.string(maximumLength: 40)
                result[name] = leaf
                leaves.append((child, leaf))
            }
        }
        return result
    }

    func test_randomObjects_everyLeafIsFoundAtItsPath() async throws {
        let base = try HTTPBin.baseURL()
        let provider = Provider<HTTPBinTarget>()
        var generator = SeededGenerator(seed: Self.seed)
        var failures: [String] = []
        var checked = 0
        for index in 0..<Self.cases {
            var leaves: [(String, String)] = []
            let body = object(depth: 0, path: nil, leaves: &leaves, using: &generator)
            let response = try await provider.request(
                HTTPBinTarget(
                    base, "/post", method: .post,
                    task: .requestParameters(parameters: body, encoding: JSONEncoding.default)))
            for (path, expected) in leaves where !leaves.contains(where: { $0.0 != path && $0.0.hasPrefix(path + ".") })
            {
                checked += 1
                let found = try? response.mapString(atKeyPath: "json." + path)
                if found != expected {
                    failures.append(
                        "case \(index) (seed \(Self.seed)): \(path.debugDescription) gave \(found.debugDescription)")
                }
            }
        }
        XCTAssertGreaterThan(checked, Self.cases)
        XCTAssertEqual(failures, [], "\(failures.count) of \(checked) leaves were not found")
    }
}
