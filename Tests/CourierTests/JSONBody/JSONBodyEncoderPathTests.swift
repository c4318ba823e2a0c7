import Courier
import Foundation
import XCTest

/// What an `encode(to:)` sees of Courier's JSON encoder besides the bytes: coding paths as
/// Foundation's `JSONEncoder` gives them, user info, and an error where Foundation would stop the
/// process.
final class JSONBodyEncoderPathTests: XCTestCase {
    /// Collects the coding paths a value sees, as `key/Index 0/…` strings.
    final class PathLog {
        var paths: [String] = []
        func note(_ place: String, _ path: [any CodingKey]) {
            paths.append(
                place + ": "
                    + path.map { key in key.intValue.map { "#\($0)" } ?? key.stringValue }.joined(separator: "/"))
        }
    }

    /// Notes the paths of its encoder and containers at every level it nests into.
    struct Recorder: Encodable {
        let log: PathLog
        let levels: Int

        func encode(to encoder: any Encoder) throws {
            log.note("encoder \(levels)", encoder.codingPath)
            guard levels > 0 else {
                var single = encoder.singleValueContainer()
                log.note("single", single.codingPath)
                try single.encode(levels)
                return
            }
            var container = encoder.container(keyedBy: FuzzKey.self)
            log.note("keyed", container.codingPath)
            try container.encode(Recorder(log: log, levels: levels - 1), forKey: FuzzKey("value"))
            var nested = container.nestedContainer(keyedBy: FuzzKey.self, forKey: FuzzKey("nested"))
            log.note("nested", nested.codingPath)
            try nested.encode(Recorder(log: log, levels: levels - 1), forKey: FuzzKey("inner"))
            var list = nested.nestedUnkeyedContainer(forKey: FuzzKey("list"))
            log.note("list", list.codingPath)
            try list.encode(0)
            try list.encode(Recorder(log: log, levels: levels - 1))
            var deeper = list.nestedContainer(keyedBy: FuzzKey.self)
            log.note("deeper", deeper.codingPath)
            try deeper.encode(Recorder(log: log, levels: 0), forKey: FuzzKey("leaf"))
            let parent = container.superEncoder(forKey: FuzzKey("parent"))
            log.note("super", parent.codingPath)
            try Recorder(log: log, levels: 0).encode(to: parent)
            let element = list.superEncoder()
            log.note("element super", element.codingPath)
            try Recorder(log: log, levels: 0).encode(to: element)
        }
    }

    func test_codingPaths_areFoundations() throws {
        // Given
        let foundationLog = PathLog()
        let courierLog = PathLog()

        // When
        let foundation = try JSONBodyEncoderPropertyTests.sortedKeysEncoder().encode(
            Recorder(log: foundationLog, levels: 2))
        let courier = try JSONBodyEncoder.sortedKeys(Recorder(log: courierLog, levels: 2))

        // Then
        XCTAssertEqual(courier, foundation)
        XCTAssertEqual(courierLog.paths, foundationLog.paths)
        XCTAssertTrue(courierLog.paths.contains("nested: nested"), "\(courierLog.paths)")
    }

    func test_theAppsEncoder_givesItsOwnPathsAndUserInfo() throws {
        // Given
        let key = try XCTUnwrap(CodingUserInfoKey(rawValue: "tenant"))
        let encoder = JSONBodyEncoderPropertyTests.sortedKeysEncoder()
        encoder.userInfo = [key: "acme"]
        struct Tenant: Encodable {
            let key: CodingUserInfoKey
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[key] as? String ?? "none")
            }
        }
        let foundationLog = PathLog()
        let courierLog = PathLog()

        // When
        let foundation = try encoder.encode(Recorder(log: foundationLog, levels: 2))
        let courier = try JSONBodyEncoder.encode(Recorder(log: courierLog, levels: 2), with: encoder)

        // Then
        XCTAssertEqual(courier, foundation)
        XCTAssertEqual(courierLog.paths, foundationLog.paths)
        XCTAssertEqual(
            try JSONBodyEncoder.encode(["who": Tenant(key: key)], with: encoder), Data(#"{"who":"acme"}"#.utf8))
    }

    func test_usesFoundationRefusesWithACrash_throwInstead() {
        struct Misuse: Encodable {
            let step: Int
            func encode(to encoder: any Encoder) throws {
                switch step {
                case 0:
                    _ = encoder.container(keyedBy: FuzzKey.self)
                    _ = encoder.unkeyedContainer()
                case 1:
                    var single = encoder.singleValueContainer()
                    try single.encode(1)
                    try single.encode(2)
                case 2:
                    var container = encoder.container(keyedBy: FuzzKey.self)
                    try container.encode(1, forKey: FuzzKey("a"))
                    _ = container.nestedContainer(keyedBy: FuzzKey.self, forKey: FuzzKey("a"))
                default:
                    var container = encoder.container(keyedBy: FuzzKey.self)
                    _ = container.nestedContainer(keyedBy: FuzzKey.self, forKey: FuzzKey("a"))
                    _ = container.nestedUnkeyedContainer(forKey: FuzzKey("a"))
                }
            }
        }
        for step in 0..<4 {
            XCTAssertThrowsError(try JSONBodyEncoder.sortedKeys(Misuse(step: step)), "step \(step)") {
                guard case .invalidValue = $0 as? EncodingError else { return XCTFail("step \(step): \($0)") }
            }
        }
    }
}
