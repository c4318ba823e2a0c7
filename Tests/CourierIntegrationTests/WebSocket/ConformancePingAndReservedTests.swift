#if os(Linux)
    import Courier
    import CourierTestSupport
    import Foundation
    import XCTest

    /// Autobahn's classes 1 (framing, chopped), 2 (pings and pongs), 3 (reserved bits) and 4
    /// (opcodes), against Courier's client.
    ///
    /// Where a valid message and a violation arrive together, the client reads the message, then
    /// fails the connection before its echo can go: what Autobahn grades "non-strict", and what
    /// every client that reads a whole segment at once does. The server's script then accepts the
    /// close with or without the echo before it.
    final class ConformancePingAndReservedTests: XCTestCase {
        private static let text = Array("Hello, world!".utf8)

        func test_class1_framing_messagesOfEveryLengthChoppedOrWhole_areEchoed() async {
            var cases: [ConformanceCase] = []
            for (index, length) in [0, 125, 126, 127, 128, 65535, 65536].enumerated() {
                let payload = [UInt8](repeating: 0x2A, count: length)
                cases.append(
                    .closing("1.1.\(index + 1)", messages: [.text(String(decoding: payload, as: UTF8.self))]) {
                        connection in
                        connection.sendFrame(.text, payload)
                        try connection.expectMessage(.text, payload)
                    })
                cases.append(
                    .closing("1.2.\(index + 1)", messages: [.binary(Data(payload))]) { connection in
                        connection.sendFrame(.binary, payload)
                        try connection.expectMessage(.binary, payload)
                    })
            }
            let chopped = [UInt8](repeating: 0xFE, count: 65536)
            cases.append(
                .closing("1.2.8", messages: [.binary(Data(chopped))]) { connection in
                    connection.writeChopped(Array(WebSocketTestConnection.frame(opcodeBits: 2, chopped).prefix(64)))
                    connection.write(Array(WebSocketTestConnection.frame(opcodeBits: 2, chopped).dropFirst(64)))
                    try connection.expectMessage(.binary, chopped)
                })
            await ConformanceRunner.run(cases, class: "1 (framing)")
        }

        func test_class2_pingsAndPongs_areAnsweredWithTheirPayload() async {
            let binary: [UInt8] = [0x00, 0xFF, 0xFE, 0xFD, 0xFC, 0xFB, 0x00, 0xFF]
            let longest = [UInt8](repeating: 0xFE, count: 125)
            var cases: [ConformanceCase] = [
                .closing("2.1") { connection in
                    connection.sendFrame(.ping, [])
                    try connection.expect(.pong, [])
                },
                .closing("2.2") { connection in
                    connection.sendFrame(.ping, Self.text)
                    try connection.expect(.pong, Self.text)
                },
                .closing("2.3") { connection in
                    connection.sendFrame(.ping, binary)
                    try connection.expect(.pong, binary)
                },
                .closing("2.4") { connection in
                    connection.sendFrame(.ping, longest)
                    try connection.expect(.pong, longest)
                },
                .failing("2.5", code: .protocolError) { connection in
                    connection.sendFrame(.ping, [UInt8](repeating: 0xFE, count: 126))
                },
                .closing("2.6") { connection in
                    connection.writeChopped(WebSocketTestConnection.frame(opcodeBits: 9, longest))
                    try connection.expect(.pong, longest)
                },
                .closing("2.7") { connection in
                    connection.sendFrame(.pong, [])
                },
                .closing("2.8") { connection in
                    connection.sendFrame(.pong, Array("unsolicited pong payload".utf8))
                },
                .closing("2.9") { connection in
                    connection.sendFrame(.pong, Array("unsolicited pong payload".utf8))
                    connection.sendFrame(.ping, Array("ping payload".utf8))
                    try connection.expect(.pong, Array("ping payload".utf8))
                },
            ]
            for (id, chop) in [("2.10", false), ("2.11", true)] {
                cases.append(
                    .closing(id) { connection in
                        for index in 0..<10 {
                            let frame = WebSocketTestConnection.frame(opcodeBits: 9, Array("payload-\(index)".utf8))
                            if chop { connection.writeChopped(frame) } else { connection.write(frame) }
                        }
                        for index in 0..<10 { try connection.expect(.pong, Array("payload-\(index)".utf8)) }
                    })
            }
            await ConformanceRunner.run(cases, class: "2 (pings and pongs)")
        }

        func test_class3_reservedBitsWithoutAnExtension_failWith1002AfterTheMessagesBefore() async {
            var cases: [ConformanceCase] = [
                .failing("3.1", code: .protocolError) { connection in
                    connection.sendFrame(.text, Self.text, reservedBits: 0x20)
                },
                .failing("3.2", code: .protocolError, messages: [.text("Hello, world!")]) { connection in
                    connection.sendFrame(.text, Self.text)
                    connection.sendFrame(.text, Self.text, reservedBits: 0x40)
                    connection.sendFrame(.ping, [])
                },
            ]
            let frames: [(WebSocketTestConnection.Opcode, [UInt8])] = [
                (.text, Self.text), (.binary, [0xFF, 0x00]), (.ping, Self.text), (.close, [0x03, 0xE8]),
            ]
            var number = 3
            for (opcode, payload) in frames {
                for bits: UInt8 in [0x10, 0x50] {
                    let id = "3.\(number)"
                    number += 1
                    cases.append(
                        .failing(id, code: .protocolError) { connection in
                            connection.sendFrame(opcode, payload, reservedBits: bits)
                        })
                }
            }
            await ConformanceRunner.run(cases, class: "3 (reserved bits)")
        }

        func test_class4_reservedOpcodes_failWith1002() async {
            var cases: [ConformanceCase] = []
            for (index, opcode) in [3, 4, 5, 6, 7].enumerated() {
                cases.append(
                    .failing("4.1.\(index + 1)", code: .protocolError, messages: [.text("Hello, world!")]) {
                        connection in
                        connection.sendFrame(.text, Self.text)
                        connection.sendFrame(opcodeBits: UInt8(opcode), index % 2 == 0 ? [] : Self.text)
                        connection.sendFrame(.ping, [])
                    })
            }
            for (index, opcode) in [11, 12, 13, 14, 15].enumerated() {
                cases.append(
                    .failing("4.2.\(index + 1)", code: .protocolError, messages: [.text("Hello, world!")]) {
                        connection in
                        connection.sendFrame(.text, Self.text)
                        connection.sendFrame(opcodeBits: UInt8(opcode), index % 2 == 0 ? [] : Self.text)
                        connection.sendFrame(.ping, [])
                    })
            }
            await ConformanceRunner.run(cases, class: "4 (opcodes)")
        }
    }
#endif
