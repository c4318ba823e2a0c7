#if os(Linux)
    import Courier
    import CourierTestSupport
    import Foundation
    import XCTest

    /// Autobahn's classes 7 (the closing handshake) and 9 (limits and large messages), and the
    /// abnormal ends RFC 6455 leaves to the client: resets, ends without a close, a close never
    /// answered.
    final class ConformanceCloseTests: XCTestCase {
        private typealias Connection = WebSocketTestConnection

        func test_class7_closingHandshake_validCodesAreEchoedAndInvalidOnesFailWith1002() async {
            var cases: [ConformanceCase] = [
                .closing("7.1.1", messages: [.text("Hello World!")]) { connection in
                    connection.sendText("Hello World!")
                    try connection.expectMessage(.text, Array("Hello World!".utf8))
                },
                ConformanceCase("7.1.3", messages: [], closeCode: .normalClosure, fails: false) { connection in
                    connection.sendClose(code: 1000)
                    connection.sendText("after the close")
                    try connection.expectClose(code: .normalClosure)
                },
                ConformanceCase("7.1.5", messages: [], closeCode: .normalClosure, fails: false) { connection in
                    connection.sendFrame(.text, Array("fragment1".utf8), isFinal: false)
                    connection.sendClose(code: 1000)
                    connection.sendFrame(.continuation, Array("fragment2".utf8))
                    try connection.expectClose(code: .normalClosure)
                },
                .closing("7.1.6", messages: [.binary(Data(repeating: 0xAB, count: 256 * 1024))]) { connection in
                    connection.sendFrame(.binary, [UInt8](repeating: 0xAB, count: 256 * 1024))
                },
                ConformanceCase("7.3.1", messages: [], closeCode: .noStatusReceived, fails: false) { connection in
                    connection.sendClose(code: nil)
                    try connection.expectClose(code: nil)
                },
                .failing("7.3.2", code: .protocolError) { $0.sendFrame(.close, [0x03]) },
                .closing("7.3.3", messages: []) { _ in },
                .closing("7.3.5", messages: []) { connection in
                    connection.sendClose(code: 1000, reason: String(repeating: "*", count: 123))
                },
                .failing("7.3.6", code: .protocolError) { connection in
                    connection.sendClose(code: 1000, reason: String(repeating: "*", count: 124))
                },
                .failing("7.5.1", code: .invalidFramePayloadData) { connection in
                    connection.sendFrame(.close, [0x03, 0xE8] + Array("κόσμε".utf8) + [0xED, 0xA0, 0x80])
                },
            ]
            // 7.3.5 sends its own close first; the echo of that one ends the case.
            cases[7] = ConformanceCase("7.3.5", messages: [], closeCode: .normalClosure, fails: false) { connection in
                connection.sendClose(code: 1000, reason: String(repeating: "*", count: 123))
                try connection.expectClose(code: .normalClosure)
            }
            for code: UInt16 in [
                1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 3999, 4000, 4999,
            ] {
                cases.append(.closing("7.7 code \(code)", messages: [], code: code) { _ in })
            }
            for code: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535] {
                cases.append(.failing("7.9 code \(code)", code: .protocolError) { $0.sendClose(code: code) })
            }
            await ConformanceRunner.run(cases, class: "7 (closing handshake)")
        }

        func test_abnormalEnds_resetsAndEndsWithoutCloseReport1006AndNoHalfMessage() async {
            let cases: [ConformanceCase] = [
                ConformanceCase(
                    "reset mid-message", messages: [.text("whole")], closeCode: .abnormalClosure, fails: true
                ) {
                    connection in
                    connection.sendText("whole")
                    try connection.expectMessage(.text, Array("whole".utf8))
                    connection.sendFrame(.binary, [UInt8](repeating: 1, count: 1000), isFinal: false)
                    connection.write(
                        Array(Connection.frame(opcodeBits: 0, [UInt8](repeating: 2, count: 4000)).prefix(2000)))
                    usleep(50_000)
                    connection.reset()
                },
                ConformanceCase(
                    "end without close", messages: [.text("last")], closeCode: .abnormalClosure, fails: true
                ) {
                    connection in
                    connection.sendText("last")
                    try connection.expectMessage(.text, Array("last".utf8))
                    connection.closeConnection()
                },
                ConformanceCase("end inside a frame's header", messages: [], closeCode: .abnormalClosure, fails: true) {
                    connection in
                    connection.write([0x82, 0x7E, 0x01])
                    connection.closeConnection()
                },
            ]
            await ConformanceRunner.run(cases, class: "abnormal ends")
        }

        func test_class9_largeMessages_areReadWholeAndTooLargeOnesFailWith1009() async {
            var cases: [ConformanceCase] = []
            let textSizes =
                ConformanceRunner.isSanitized ? [64 << 10, 256 << 10] : [64 << 10, 256 << 10, 1 << 20, 4 << 20]
            for (index, size) in textSizes.enumerated() {
                let text = [UInt8](repeating: 0x2A, count: size)
                cases.append(
                    .closing("9.1.\(index + 1)", messages: [.text(String(decoding: text, as: UTF8.self))]) {
                        connection in
                        connection.sendFrame(.text, text)
                        try connection.expectMessage(.text, text)
                    })
            }
            let binarySizes = ConformanceRunner.isSanitized ? [64 << 10, 1 << 20] : [64 << 10, 1 << 20, 16 << 20]
            for (index, size) in binarySizes.enumerated() {
                let bytes = [UInt8](repeating: 0xFE, count: size)
                cases.append(
                    .closing("9.2.\(index + 1)", messages: [.binary(Data(bytes))]) { connection in
                        connection.sendFrame(.binary, bytes)
                        try connection.expectMessage(.binary, bytes)
                    })
            }
            // Autobahn sends 4 MiB in every frame size; in 64-byte frames that is 65,536 frames, which
            // a sanitized debug build of the test server takes longer to read than its timeout, so
            // that case sends 256 KiB (4,096 frames).
            for (index, frameSize) in [64, 4096, 65536, 1 << 20].enumerated() {
                let fragmented = [UInt8](
                    repeating: 0x2A, count: frameSize == 64 || ConformanceRunner.isSanitized ? 256 << 10 : 4 << 20)
                cases.append(
                    .closing("9.3.\(index + 1)", messages: [.text(String(decoding: fragmented, as: UTF8.self))]) {
                        connection in
                        var offset = 0
                        while offset < fragmented.count {
                            let end = min(offset + frameSize, fragmented.count)
                            connection.sendFrame(
                                offset == 0 ? .text : .continuation, Array(fragmented[offset..<end]),
                                isFinal: end == fragmented.count)
                            offset = end
                        }
                        try connection.expectMessage(.text, fragmented)
                    })
            }
            cases.append(
                .closing("9.7.x", messages: (0..<1000).map { .text("message \($0)") }) { connection in
                    for number in 0..<1000 {
                        connection.sendText("message \(number)")
                        try connection.expectMessage(.text, Array("message \(number)".utf8))
                    }
                })
            var small = WebSocketConfiguration.quick
            small.maximumMessageSize = 1 << 20
            cases.append(
                .failing("limit: one frame announces too much", code: .messageTooBig, configuration: small) {
                    connection in
                    // Only the header and a few bytes: the client must refuse before the rest.
                    // A binary frame of 100 MiB (64-bit length), then three bytes of it.
                    connection.write([0x82, 0x7F, 0, 0, 0, 0, 0x06, 0x40, 0, 0, 1, 2, 3])
                })
            cases.append(
                .failing("limit: fragments add up past it", code: .messageTooBig, configuration: small) { connection in
                    for index in 0..<5 {
                        connection.sendFrame(
                            index == 0 ? .binary : .continuation, [UInt8](repeating: 1, count: 300 << 10),
                            isFinal: false)
                    }
                })
            cases.append(
                .closing(
                    "limit: exactly the maximum", messages: [.binary(Data(repeating: 7, count: 1 << 20))],
                    configuration: small
                ) {
                    connection in
                    connection.sendFrame(.binary, [UInt8](repeating: 7, count: 1 << 20))
                })
            await ConformanceRunner.run(cases, class: "9 (limits)")
        }
    }
#endif
