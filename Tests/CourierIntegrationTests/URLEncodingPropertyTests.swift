import Courier
import CourierTestSupport
import XCTest

/// Random parameters (Unicode, reserved characters, empty strings, long values, deep nesting) are
/// form-encoded by Courier and parsed by httpbin's own implementation (werkzeug): every pair must
/// come back exactly.
final class URLEncodingPropertyTests: XCTestCase {
    override func setUpWithError() throws {
        try SanitizedRun.skipInputMatrix()
    }

    static let cases = 300
    static let seed: UInt64 = 0xC0_0121_E8

    /// A random parameter value and the pairs it should flatten to.
    private func value(depth: Int, using generator: inout SeededGenerator) -> any Sendable {
        switch Int.random(in: 0..<(depth < 3 ? 9 : 6), using: &generator) {
        case 0, 1: return generator.string(maximumLength: 12)
        case 2: return generator.string(maximumLength: 3000)
        case 3: return Int.random(in: Int.min...Int.max, using: &generator)
        case 4: return Double.random(in: -1e9...1e9, using: &generator)
        case 5: return Bool.random(using: &generator)
        case 6, 7: return parameters(depth: depth + 1, using: &generator)
        default: return (0..<Int.random(in: 0...4, using: &generator)).map { _ in generator.string(maximumLength: 8) }
        }
    }

    private func parameters(depth: Int, using generator: inout SeededGenerator) -> [String: any Sendable] {
        var result: [String: any Sendable] = [:]
        for _ in 0..<Int.random(in: 1...5, using: &generator) {
            result[generator.string(maximumLength: 10)] = value(depth: depth, using: &generator)
        }
        return result
    }

    /// The pairs a form parser should see, written independently of URLEncoding: keys in sorted
    /// order at every level, arrays as `key[]`, dictionaries as `key[sub]`, bools as 1/0.
    private func pairs(_ value: Any, key: String, into result: inout [(String, String)]) {
        switch value {
        case let dictionary as [String: any Sendable]:
            for (sub, element) in dictionary.sorted(by: { $0.key < $1.key }) {
                pairs(element, key: "\(key)[\(sub)]", into: &result)
            }
        case let array as [String]:
            for element in array { result.append(("\(key)[]", element)) }
        case let bool as Bool:
            result.append((key, bool ? "1" : "0"))
        default:
            result.append((key, "\(value)"))
        }
    }

    /// The first key whose values differ, short enough to read.
    static func firstDifference(_ sent: [String: [String]], _ parsed: [String: [String]]) -> String {
        let short = { (text: String) in String(text.debugDescription.prefix(80)) }
        for key in Set(sent.keys).union(parsed.keys).sorted() where sent[key] != parsed[key] {
            return
                "key \(short(key)): sent \(sent[key].map { $0.map(short) } ?? []), parsed \(parsed[key].map { $0.map(short) } ?? [])"
        }
        return "same"
    }

    func test_randomParameters_roundTripThroughHTTPBinsFormParser() async throws {
        let base = try HTTPBin.baseURL()
        let provider = Provider<HTTPBinTarget>()
        var generator = SeededGenerator(seed: Self.seed)
        var failures: [String] = []
        for index in 0..<Self.cases {
            let parameters = parameters(depth: 0, using: &generator)
            var expected: [(String, String)] = []
            for (key, value) in parameters.sorted(by: { $0.key < $1.key }) { pairs(value, key: key, into: &expected) }
            let echo = try await provider.request(
                HTTPBinTarget(
                    base, "/post", method: .post,
                    task: .requestParameters(parameters: parameters, encoding: URLEncoding.httpBody)),
                as: HTTPBinEcho.self)
            var grouped: [String: [String]] = [:]
            for (key, value) in expected { grouped[key, default: []].append(value) }
            let received = echo.form.mapValues { value -> [String] in
                if case .array(let values) = value { return values.compactMap(\.string) }
                return [value.string ?? "?"]
            }
            if received != grouped {
                failures.append("case \(index) (seed \(Self.seed)): " + Self.firstDifference(grouped, received))
            }
        }
        XCTAssertEqual(failures, [], "\(failures.count) of \(Self.cases) cases differed")
    }
}
