import CourierOpenAPIKit
import Foundation
import XCTest

final class YAMLLimitsTests: XCTestCase {
    func test_nesting512Levels_reads_and513_isAnError() throws {
        XCTAssertNoThrow(try readYAML(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)))
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        XCTAssertTrue(yamlError(tooDeep)?.message.contains("512 levels") == true)
        let block = (0..<600).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n")
        XCTAssertTrue(yamlError(block)?.message.contains("512 levels") == true)
    }

    func test_aliasThatNestsTooDeep_isAnError() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let yaml =
            "a: &a \(deep)\nb: [[[[\(String(repeating: "[", count: 250))*a\(String(repeating: "]", count: 254))]]]]"
        XCTAssertTrue(yamlError(yaml)?.message.contains("levels deep") == true)
    }

    func test_billionLaughs_failsFast() {
        // Given: ten levels of ten aliases each, 10^10 nodes once expanded.
        var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...9 {
            let previous = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("a\(level): &a\(level) [\(previous)]")
        }
        // When
        let start = Date()
        let error = yamlError(lines.joined(separator: "\n"))
        // Then
        XCTAssertTrue(error?.message.contains("alias bomb") == true, "\(String(describing: error))")
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    func test_aliasesWithinTheBudget_read() throws {
        let yaml = "base: &b {type: string}\n" + (0..<2000).map { "k\($0): *b" }.joined(separator: "\n")
        guard case .object(let read) = try readYAML(yaml) else { return XCTFail("not an object") }
        XCTAssertEqual(read.count, 2001)
    }

    func test_longFlowLine_andManyKeys_readInLinearTime() throws {
        // A 600 kB line and 50,000 keys: quadratic work would take minutes.
        let line = "[" + Array(repeating: "item", count: 100_000).joined(separator: ", ") + "]"
        guard case .array(let items) = try readYAML(line) else { return XCTFail("not an array") }
        XCTAssertEqual(items.count, 100_000)
        let keys = (0..<50_000).map { "key\($0): \($0)" }.joined(separator: "\n")
        guard case .object(let members) = try readYAML(keys) else { return XCTFail("not an object") }
        XCTAssertEqual(members.count, 50_000)
    }

    func test_longListInsideDeepNesting_readsInLinearTime() throws {
        // 500 open brackets, then 50,000 lines: walking every level for every token would cost
        // 25 million steps.
        let yaml =
            String(repeating: "[", count: 500) + Array(repeating: "a,", count: 50_000).joined(separator: "\n")
            + String(repeating: "]", count: 500)
        var value = try readYAML(yaml)
        for _ in 0..<499 {
            guard case .array(let items) = value, let first = items.first else { return XCTFail("not nested") }
            value = first
        }
        guard case .array(let items) = value else { return XCTFail("not an array") }
        XCTAssertEqual(items.count, 50_000)
    }

    func test_implicitKeyLongerThan1024Characters_isAnError() {
        let key = String(repeating: "k", count: 1100)
        XCTAssertNotNil(yamlError("\(key): v\n"))
        XCTAssertNoThrow(try readYAML("\(String(repeating: "k", count: 1000)): v\n"))
    }

    func test_arbitraryBytes_neverCrash() {
        // Short strings of YAML's indicators and a few other bytes, from a fixed seed.
        let alphabet = Array("[]{}:,-?#&*!|>'\"%@` \t\n\r\\abc01.~<=".utf8) + [0x00, 0xC3, 0xA9, 0xFF]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<5000 {
            let bytes = (0..<next(40)).map { _ in alphabet[next(alphabet.count)] }
            _ = try? YAMLReader.readStream(bytes)
        }
    }
}
