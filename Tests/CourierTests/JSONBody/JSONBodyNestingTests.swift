import Courier
import Foundation
import XCTest

/// Both ways Courier encodes an `Encodable` body — its own encoder, and the app's `JSONEncoder` with
/// the depth counted on the way — stop at ``HTTPTask/maximumNestingDepth`` with the same error,
/// whether the value nests by recursion, by nested containers in a loop or by referring to itself,
/// and whatever the value's own code does with the error.
final class JSONBodyNestingTests: XCTestCase {
    private static let limit = HTTPTask.maximumNestingDepth

    /// `links` arrays, each holding the next: `links + 1` encoders deep.
    struct Chain: Encodable {
        let links: Int
        func encode(to encoder: any Encoder) throws {
            guard links > 0 else {
                var single = encoder.singleValueContainer()
                return try single.encode("end")
            }
            var container = encoder.unkeyedContainer()
            try container.encode(Chain(links: links - 1))
        }
    }

    /// `floors` nested containers opened in a loop, without recursion.
    struct Tower: Encodable {
        let floors: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: FuzzKey.self)
            for _ in 0..<floors { container = container.nestedContainer(keyedBy: FuzzKey.self, forKey: FuzzKey("up")) }
            try container.encode(true, forKey: FuzzKey("roof"))
        }
    }

    /// A value that refers to itself.
    final class Loop: Encodable {
        var next: Loop?
        init() { next = self }
        enum CodingKeys: CodingKey { case next }
    }

    /// A value whose code swallows the errors of what it holds.
    struct Swallowing: Encodable {
        let inner: Chain
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: FuzzKey.self)
            try? container.encode(inner, forKey: FuzzKey("inner"))
            try container.encode(1, forKey: FuzzKey("after"))
        }
    }

    /// Both encoders: Courier's own and, through it, an app's `JSONEncoder`.
    private let encoders: [(name: String, encode: (any Encodable) throws -> Data)] = [
        ("Courier's", { try JSONBodyEncoder.sortedKeys($0) }),
        ("the app's", { try JSONBodyEncoder.encode($0, with: JSONEncoder()) }),
    ]

    private func assertTooDeep(
        _ value: any Encodable, keyPrefix: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        for encoder in encoders {
            XCTAssertThrowsError(try encoder.encode(value), encoder.name, file: file, line: line) {
                guard case .nestingTooDeep(let key, let limit) = $0 as? ParameterEncodingError else {
                    return XCTFail("\(encoder.name): \($0)", file: file, line: line)
                }
                XCTAssertEqual(limit, Self.limit, file: file, line: line)
                XCTAssertTrue(key.hasPrefix(keyPrefix), "\(encoder.name): \(key)", file: file, line: line)
            }
        }
    }

    func test_nestedValues_encodeAtTheLimit_andFailOneLevelDeeper() throws {
        for encoder in encoders {
            XCTAssertNoThrow(try encoder.encode(Chain(links: Self.limit - 1)), encoder.name)
        }
        assertTooDeep(Chain(links: Self.limit), keyPrefix: "0[0][0]")
        assertTooDeep(["a": [Chain(links: Self.limit)]], keyPrefix: "a[0][0][0]")
    }

    func test_containersOpenedInALoop_encodeAtTheLimit_andFailPastIt() throws {
        for encoder in encoders {
            XCTAssertNoThrow(try encoder.encode(Tower(floors: Self.limit - 1)), encoder.name)
        }
        assertTooDeep(Tower(floors: Self.limit), keyPrefix: "up[up][up]")
        assertTooDeep(Tower(floors: 10_000), keyPrefix: "up[up][up]")
    }

    func test_aValueThatRefersToItself_failsInsteadOfOverflowingTheStack() {
        assertTooDeep(Loop(), keyPrefix: "next[next][next]")
    }

    func test_anErrorTheValueSwallows_stillFailsTheEncoding() {
        assertTooDeep(Swallowing(inner: Chain(links: 100)), keyPrefix: "inner[0]")
    }

    func test_theAppsEncoderWithAKeyStrategy_boundsDictionaryValues() throws {
        // Given: Foundation writes `[String: …]` values itself when keys are converted.
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys

        // Then
        XCTAssertEqual(
            try JSONBodyEncoder.encode(["someKey": ["innerKey": 1]], with: encoder),
            try encoder.encode(["someKey": ["innerKey": 1]]))
        XCTAssertThrowsError(try JSONBodyEncoder.encode(["deepKey": Chain(links: 100)], with: encoder)) {
            guard case .nestingTooDeep(let key, _) = $0 as? ParameterEncodingError else { return XCTFail("\($0)") }
            XCTAssertTrue(key.hasPrefix("deepKey[0]"), key)
        }
    }
}
