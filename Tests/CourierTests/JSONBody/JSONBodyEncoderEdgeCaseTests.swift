import Courier
import Foundation
import XCTest

/// Courier's JSON encoder on the cases the property tests may not reach often: every escape,
/// every integer width at its limits, floating-point text, Foundation's special types, key order and
/// duplicate keys, containers reopened, coding paths and errors. Each is compared with Foundation's
/// `JSONEncoder` with `.sortedKeys`, and the telling ones are also spelled out.
final class JSONBodyEncoderEdgeCaseTests: XCTestCase {
    private func assertSameAsFoundation<Value: Encodable>(
        _ value: Value, _ expected: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        let foundation = JSONBodyEncoderPropertyTests.outcome {
            try JSONBodyEncoderPropertyTests.sortedKeysEncoder().encode(value)
        }
        let courier = JSONBodyEncoderPropertyTests.outcome { try JSONBodyEncoder.sortedKeys(value) }
        XCTAssertEqual(courier, foundation, file: file, line: line)
        if let expected { XCTAssertEqual(courier, "bytes: " + expected, file: file, line: line) }
    }

    // MARK: - Scalars

    func test_strings_escapeAsFoundationDoes_slashIncluded() {
        assertSameAsFoundation(
            "a/b\"c\\d\u{0}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}é\u{2028}😀",
            #""a\/b\"c\\d\u0000\b\t\n\f\r\u001f"# + "\u{7F}é\u{2028}😀\"")
        let everyASCII = String(decoding: (0...0x7F).map { UInt8($0) }, as: UTF8.self)
        assertSameAsFoundation(everyASCII)
        assertSameAsFoundation([
            "</script>", "", "e\u{301}", "\u{FEFF}", "\u{10FFFF}", String(repeating: "/", count: 300),
        ])
    }

    func test_integers_everyWidthAtItsLimits() {
        assertSameAsFoundation([Int.min, Int.max, 0, -1], "[-9223372036854775808,9223372036854775807,0,-1]")
        assertSameAsFoundation([Int8.min, Int8.max])
        assertSameAsFoundation([Int16.min, Int16.max])
        assertSameAsFoundation([Int32.min, Int32.max])
        assertSameAsFoundation([Int64.min, Int64.max])
        assertSameAsFoundation([UInt.min, UInt.max], "[0,18446744073709551615]")
        assertSameAsFoundation([UInt16(UInt8.max), UInt16.max])
        assertSameAsFoundation([UInt32.max])
        assertSameAsFoundation([UInt64.max, 10, 9, 99, 100, 1_000_000_000_000])
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            assertSameAsFoundation(
                [Int128.min, Int128.max, 0],
                "[-170141183460469231731687303715884105728,"
                    + "170141183460469231731687303715884105727,0]")
            assertSameAsFoundation(["a": UInt128.max])
        }
    }

    func test_floatingPoint_shortestTextWithoutATrailingPointZero() {
        assertSameAsFoundation(
            [1.0, -0.0, 0.1, 1e16, 1e15, .leastNonzeroMagnitude, 1e-7, 100, 0.30000000000000004],
            "[1,-0,0.1,1e+16,1000000000000000,5e-324,1e-07,100,0.30000000000000004]")
        assertSameAsFoundation(
            [Double.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, 123_456_789.125, 2e22])
        assertSameAsFoundation([Float(0.1), 1e10, -0.0, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 16_777_218])
        assertSameAsFoundation(["float": Float(2.5), "double": 2.5])
    }

    func test_nonConformingFloats_failWithFoundationsErrorAndPath() {
        struct Inside: Encodable {
            let value: Double
            let single: Float
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: FuzzKey.self)
                var list = container.nestedUnkeyedContainer(forKey: FuzzKey("list"))
                try list.encode(1)
                try list.encode(value)
                try container.encode(Wrapper(value: single), forKey: FuzzKey("wrapped"))
            }
        }
        struct Wrapper: Encodable {
            let value: Float
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value)
            }
        }
        assertSameAsFoundation(Double.nan)
        assertSameAsFoundation(["a": [Float.infinity]])
        assertSameAsFoundation([["x": -Double.infinity]])
        assertSameAsFoundation(Inside(value: .nan, single: 1))
        assertSameAsFoundation(Inside(value: 1, single: -.infinity))
        assertSameAsFoundation(["date": Date(timeIntervalSinceReferenceDate: .nan)])
    }

    func test_specialTypes_withFoundationsDefaultStrategies() {
        let base = URL(string: "https://api.example.com/v1/")
        assertSameAsFoundation(Date(timeIntervalSinceReferenceDate: 12.5), "12.5")
        assertSameAsFoundation(Data([0xFB, 0xFF, 0xFE]), #""+\/\/+""#)
        assertSameAsFoundation(
            URL(string: "items/a b", relativeTo: base), #""https:\/\/api.example.com\/v1\/items\/a%20b""#)
        assertSameAsFoundation(Decimal(string: "-12.3400"), "-12.34")
        assertSameAsFoundation(["date": [Date(timeIntervalSinceReferenceDate: -1e9)]])
        assertSameAsFoundation(["data": [Data(), Data([0])]])
        assertSameAsFoundation(["decimal": [Decimal(0), Decimal(1) / 3]])
        assertSameAsFoundation([Optional<Date>.none, Date(timeIntervalSince1970: 0)])
        assertSameAsFoundation(Optional<Int>.none, "null")
        assertSameAsFoundation("top level", #""top level""#)
    }

    // MARK: - Keys

    func test_keys_sortByTheirUTF8Bytes() {
        assertSameAsFoundation(
            ["b": 1, "a": 2, "B": 3, "a10": 4, "a2": 5, "é": 6, "z": 7, "ä": 8, "😀": 9, "\u{FFFF}": 10],
            #"{"B":3,"a":2,"a10":4,"a2":5,"b":1,"z":7,"ä":8,"é":6,""# + "\u{FFFF}" + #"":10,"😀":9}"#)
        // By their own bytes, not their escapes: `"` (0x22) sorts before `#` though `\"` starts with 0x5C.
        assertSameAsFoundation(["#": 1, "\"": 2, "\\": 3, "/": 4, "\n": 5, "": 6, "\u{0}": 7])
    }

    func test_aKeyWrittenTwice_keepsItsLastValueAndItsFirstSpelling() {
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: FuzzKey.self)
                try container.encode(1, forKey: FuzzKey("a"))
                try container.encode("x", forKey: FuzzKey("e\u{301}"))
                try container.encode(2, forKey: FuzzKey("a"))
                try container.encode(true, forKey: FuzzKey("\u{E9}"))
                var nested = container.nestedContainer(keyedBy: FuzzKey.self, forKey: FuzzKey("n"))
                try nested.encode(3, forKey: FuzzKey("c"))
                try container.encode(4, forKey: FuzzKey("n"))
            }
        }
        assertSameAsFoundation(Twice(), #"{"a":2,"e"# + "\u{301}" + #"":true,"n":4}"#)
    }

    // MARK: - Containers

    func test_aNestedContainerForAKeyHoldingAnObject_addsToIt() {
        struct Merged: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: FuzzKey.self)
                try container.encode(["a": 1], forKey: FuzzKey("x"))
                var nested = container.nestedContainer(keyedBy: FuzzKey.self, forKey: FuzzKey("x"))
                try nested.encode(2, forKey: FuzzKey("b"))
                try container.encode([1], forKey: FuzzKey("y"))
                var list = container.nestedUnkeyedContainer(forKey: FuzzKey("y"))
                try list.encode(2)
                var again = encoder.container(keyedBy: FuzzKey.self)
                try again.encode(3, forKey: FuzzKey("z"))
            }
        }
        assertSameAsFoundation(Merged(), #"{"x":{"a":1,"b":2},"y":[1,2],"z":3}"#)
    }

    func test_superEncoders_writeWhereFoundationWrites() {
        struct Supers: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: FuzzKey.self)
                _ = container.superEncoder()
                var named = container.superEncoder(forKey: FuzzKey("parent")).singleValueContainer()
                try named.encode("p")
                var list = container.nestedUnkeyedContainer(forKey: FuzzKey("list"))
                try list.encode(1)
                let late = list.superEncoder()
                try list.encode(2)
                var single = late.singleValueContainer()
                try single.encode(9)
            }
        }
        assertSameAsFoundation(Supers(), #"{"list":[1,9,2],"parent":"p","super":{}}"#)
    }

    func test_valuesThatEncodeNothing_areEmptyObjects_andFailAtTheTopLevel() {
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        assertSameAsFoundation(["a": Nothing()], #"{"a":{}}"#)
        assertSameAsFoundation([Nothing()], "[{}]")
        assertSameAsFoundation(Nothing())
    }

    func test_arrays_keepTheirOrder() {
        assertSameAsFoundation(["b": [[3, 1, 2]], "a": [[2, 1], [1]]], #"{"a":[[2,1],[1]],"b":[[3,1,2]]}"#)
    }
}
