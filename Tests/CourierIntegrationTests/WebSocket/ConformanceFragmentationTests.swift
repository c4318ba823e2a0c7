#if os(Linux)
    import Courier
    import CourierTestSupport
    import Foundation
    import XCTest

    /// Autobahn's classes 5 (fragmentation) and 6 (UTF-8), against Courier's client.
    final class ConformanceFragmentationTests: XCTestCase {
        private typealias Connection = WebSocketTestConnection

        func test_class5_fragmentedMessagesWithControlFramesBetween_areReadWhole() async {
            let one = Array("fragment1".utf8)
            let two = Array("fragment2".utf8)
            let whole = WebSocketMessage.text("fragment1fragment2")
            var cases: [ConformanceCase] = [
                .failing("5.1", code: .protocolError) { $0.sendFrame(.ping, one, isFinal: false) },
                .failing("5.2", code: .protocolError) { $0.sendFrame(.pong, one, isFinal: false) },
                .closing("5.3", messages: [whole]) { connection in
                    connection.sendFrame(.text, one, isFinal: false)
                    connection.sendFrame(.continuation, two)
                    try connection.expectMessage(.text, one + two)
                },
                .closing("5.4", messages: [.binary(Data(one + two))]) { connection in
                    connection.writeChopped(Connection.frame(opcodeBits: 2, one, isFinal: false))
                    connection.writeChopped(Connection.frame(opcodeBits: 0, two))
                    try connection.expectMessage(.binary, one + two)
                },
                .closing("5.6", messages: [whole]) { connection in
                    connection.sendFrame(.text, one, isFinal: false)
                    connection.sendFrame(.ping, Array("ping".utf8))
                    connection.sendFrame(.continuation, two)
                    try connection.expect(.pong, Array("ping".utf8))
                    try connection.expectMessage(.text, one + two)
                },
                .closing("5.8", messages: [whole]) { connection in
                    connection.writeChopped(Connection.frame(opcodeBits: 1, one, isFinal: false))
                    connection.writeChopped(Connection.frame(opcodeBits: 9, Array("ping".utf8)))
                    connection.writeChopped(Connection.frame(opcodeBits: 0, two))
                    try connection.expect(.pong, Array("ping".utf8))
                    try connection.expectMessage(.text, one + two)
                },
                .failing("5.9", code: .protocolError) { connection in
                    connection.sendFrame(.continuation, one)
                    connection.sendText("text")
                },
                .failing("5.10", code: .protocolError) { connection in
                    connection.sendFrame(.continuation, one, isFinal: false)
                    connection.sendText("text")
                },
                .failing("5.11", code: .protocolError) { connection in
                    connection.writeChopped(Connection.frame(opcodeBits: 0, one))
                },
                .failing("5.15", code: .protocolError, messages: [whole]) { connection in
                    connection.sendFrame(.text, one, isFinal: false)
                    connection.sendFrame(.continuation, two)
                    connection.sendFrame(.continuation, Array("fragment3".utf8), isFinal: false)
                    connection.sendFrame(.text, Array("fragment4".utf8))
                },
                .failing("5.16", code: .protocolError) { connection in
                    connection.sendFrame(.continuation, one, isFinal: false)
                    connection.sendFrame(.text, two, isFinal: false)
                    connection.sendFrame(.continuation, Array("fragment3".utf8))
                },
                .failing("5.18", code: .protocolError) { connection in
                    connection.sendFrame(.text, one, isFinal: false)
                    connection.sendFrame(.text, two)
                },
                .closing("5.19", messages: [.text("fragment1fragment2fragment3fragment4fragment5")]) { connection in
                    for index in 1...5 {
                        connection.sendFrame(
                            index == 1 ? .text : .continuation, Array("fragment\(index)".utf8), isFinal: index == 5)
                        if index == 2 || index == 4 {
                            connection.sendFrame(.ping, Array("pongme \(index)!".utf8))
                            try connection.expect(.pong, Array("pongme \(index)!".utf8))
                            usleep(100_000)
                        }
                    }
                    try connection.expectMessage(.text, Array("fragment1fragment2fragment3fragment4fragment5".utf8))
                },
                .closing("5.x empty fragments", messages: [.binary(Data(one))]) { connection in
                    connection.sendFrame(.binary, [], isFinal: false)
                    connection.sendFrame(.continuation, one, isFinal: false)
                    connection.sendFrame(.continuation, [])
                    try connection.expectMessage(.binary, one)
                },
            ]
            cases.append(
                .failing("5.17", code: .protocolError) { connection in
                    connection.sendFrame(.continuation, one)
                    connection.sendFrame(.text, two, isFinal: false)
                    connection.sendFrame(.continuation, Array("fragment3".utf8))
                })
            await ConformanceRunner.run(cases, class: "5 (fragmentation)")
        }

        /// Valid and invalid UTF-8 as Autobahn's class 6 sends it: whole, in one fragment per byte,
        /// and split across fragments inside characters.
        func test_class6_utf8_validTextIsReadAndInvalidFailsWith1007() async {
            let valid: [(String, [UInt8])] = [
                ("6.2 mixed", Array("Hello-µ@ßöäüàá-UTF-8!!".utf8)),
                ("6.5 greek", Array("κόσμε".utf8)),
                ("6.x U+0000", [0x00]), ("6.x U+007F", [0x7F]), ("6.x U+0080", [0xC2, 0x80]),
                ("6.x U+07FF", [0xDF, 0xBF]), ("6.x U+0800", [0xE0, 0xA0, 0x80]), ("6.x U+D7FF", [0xED, 0x9F, 0xBF]),
                ("6.x U+E000", [0xEE, 0x80, 0x80]), ("6.x U+FFFD", [0xEF, 0xBF, 0xBD]),
                ("6.x U+FFFF", [0xEF, 0xBF, 0xBF]),
                ("6.x U+10000", [0xF0, 0x90, 0x80, 0x80]), ("6.x U+10FFFF", [0xF4, 0x8F, 0xBF, 0xBF]),
            ]
            let invalid: [(String, [UInt8])] = [
                ("6.3 edited", Array("κόσμε".utf8) + [0xED, 0xA0, 0x80] + Array("edited".utf8)),
                ("6.x U+110000", [0xF4, 0x90, 0x80, 0x80]), ("6.x lone 80", [0x80]), ("6.x lone BF", [0xBF]),
                ("6.x overlong C0 80", [0xC0, 0x80]), ("6.x overlong E0 80 80", [0xE0, 0x80, 0x80]),
                ("6.x overlong F0 80 80 80", [0xF0, 0x80, 0x80, 0x80]), ("6.x surrogate ED A0 80", [0xED, 0xA0, 0x80]),
                ("6.x surrogate ED BF BF", [0xED, 0xBF, 0xBF]), ("6.x truncated C2", [0x41, 0xC2]),
                ("6.x truncated E0 A0", [0xE0, 0xA0]), ("6.x truncated F0 90 80", [0xF0, 0x90, 0x80]),
                ("6.x FE", [0xFE]), ("6.x FF", [0xFF]), ("6.x five bytes", [0xF8, 0x88, 0x80, 0x80, 0x80]),
            ]
            var cases: [ConformanceCase] = [
                .closing("6.1.1", messages: [.text("")]) { connection in
                    connection.sendFrame(.text, [])
                    try connection.expectMessage(.text, [])
                },
                .closing("6.1.3", messages: [.text("middle")]) { connection in
                    connection.sendFrame(.text, [], isFinal: false)
                    connection.sendFrame(.continuation, Array("middle".utf8), isFinal: false)
                    connection.sendFrame(.continuation, [])
                    try connection.expectMessage(.text, Array("middle".utf8))
                },
            ]
            for (id, bytes) in valid {
                let text = WebSocketMessage.text(String(decoding: bytes, as: UTF8.self))
                cases.append(
                    .closing(id + " whole", messages: [text]) { connection in
                        connection.sendFrame(.text, bytes)
                        try connection.expectMessage(.text, bytes)
                    })
                cases.append(
                    .closing(id + " byte by byte", messages: [text]) { connection in
                        for (index, byte) in bytes.enumerated() {
                            connection.sendFrame(
                                index == 0 ? .text : .continuation, [byte], isFinal: index == bytes.count - 1)
                        }
                        try connection.expectMessage(.text, bytes)
                    })
            }
            for (id, bytes) in invalid {
                cases.append(.failing(id + " whole", code: .invalidFramePayloadData) { $0.sendFrame(.text, bytes) })
                cases.append(
                    .failing(id + " byte by byte", code: .invalidFramePayloadData) { connection in
                        for (index, byte) in bytes.enumerated() {
                            connection.sendFrame(
                                index == 0 ? .text : .continuation, [byte], isFinal: index == bytes.count - 1)
                        }
                    })
            }
            cases.append(
                ConformanceCase("6.4.1 fails fast", closeCode: .invalidFramePayloadData, fails: true) { connection in
                    // The bad bytes come in a first fragment; the rest never comes.
                    connection.sendFrame(.text, Array("κόσμε".utf8) + [0xF4, 0x90, 0x80, 0x80], isFinal: false)
                    let started = Date()
                    try connection.expectClose(code: .invalidFramePayloadData)
                    guard Date().timeIntervalSince(started) < 1 else {
                        throw Connection.Failure(description: "the client waited for the message's end")
                    }
                    guard connection.waitForEnd(timeout: 5) else {
                        throw Connection.Failure(description: "the client kept the connection open")
                    }
                })
            await ConformanceRunner.run(cases, class: "6 (UTF-8)")
        }
    }
#endif
