import Foundation
import XCTest

@testable import Courier

/// The frame reader on its own: bytes in, events out, whatever the bytes and however they are cut.
final class FrameReaderTests: XCTestCase {
    private func events(_ bytes: [UInt8], limit: Int = 1 << 20, pieceSize: Int? = nil) -> [FrameEvent] {
        var reader = FrameReader(maximumMessageSize: limit)
        var events: [FrameEvent] = []
        let size = max(1, pieceSize ?? bytes.count)
        var start = 0
        repeat {
            let end = min(bytes.count, start + size)
            bytes[start..<end].withUnsafeBytes { reader.read($0) { events.append($0) } }
            start = end
        } while start < bytes.count
        return events
    }

    private func frame(_ opcode: UInt8, _ payload: [UInt8], final: Bool = true, bits: UInt8 = 0) -> [UInt8] {
        FrameHeader(
            isFinal: final, reservedBits: bits, opcodeBits: opcode, maskKey: nil, payloadLength: UInt64(payload.count)
        ).encoded() + payload
    }

    func test_fragmentedTextWithAPingBetween_cutIntoPiecesOfEverySize_givesThePingThenTheMessage() {
        let bytes =
            frame(1, Array("Hel".utf8), final: false) + frame(9, [1, 2]) + frame(0, Array("lo, ".utf8), final: false)
            + frame(0, Array("κόσμε".utf8))
        for pieceSize in 1...bytes.count {
            XCTAssertEqual(
                events(bytes, pieceSize: pieceSize), [.ping(Data([1, 2])), .message(.text("Hello, κόσμε"))],
                "pieces of \(pieceSize)")
        }
    }

    func test_headerAnnouncingMoreThanTheLimit_failsWith1009BeforeThePayload() {
        let header = FrameHeader(isFinal: true, reservedBits: 0, opcodeBits: 2, maskKey: nil, payloadLength: 1 << 40)
        XCTAssertEqual(events(header.encoded(), limit: 1 << 20), [.failure(.messageTooBig(limit: 1 << 20))])
    }

    func test_lengthWithTheMostSignificantBitSet_isAProtocolViolation() {
        let bytes: [UInt8] = [0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 1]
        guard case .failure(.protocolViolation)? = events(bytes).first else { return XCTFail("\(events(bytes))") }
    }

    func test_afterACloseFrame_nothingMoreIsRead() {
        let bytes = frame(8, [0x03, 0xE8] + Array("bye".utf8)) + frame(1, Array("late".utf8))
        XCTAssertEqual(events(bytes), [.close(.normalClosure, reason: "bye")])
    }

    func test_randomBytes_neverCrashAndEndInAtMostOneFailureOrClose() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<2000 {
            let count = Int.random(in: 0..<200, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            // Clear the mask bit of the first header often, so that frames get past the first check.
            if round % 2 == 0, bytes.count > 1 { bytes[1] &= 0x7F }
            let found = events(bytes, limit: 64, pieceSize: Int.random(in: 1...8, using: &generator))
            let ends = found.filter {
                switch $0 {
                case .failure, .close: true
                default: false
                }
            }
            XCTAssertLessThanOrEqual(ends.count, 1)
            if let last = found.last, ends.count == 1 { XCTAssertEqual(last, ends[0]) }
        }
    }
}

/// The fuzzing entry points on random input: they end, and agree with the standard library.
final class WebSocketFuzzingTests: XCTestCase {
    func test_entryPoints_onRandomBytes_endAndAgreeWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0..<300, using: &generator)).map { _ in
                UInt8.random(in: .min ... .max, using: &generator)
            }
            bytes.withUnsafeBytes { buffer in
                WebSocketFuzzing.readFrames(buffer)
                XCTAssertFalse(WebSocketFuzzing.readHandshakeAnswer(buffer))
                XCTAssertEqual(
                    WebSocketFuzzing.validateUTF8(buffer),
                    bytes.isEmpty || String(utf8Validating: bytes.dropFirst()) != nil)
            }
        }
    }

    func test_handshakeEntryPoint_acceptsAnAnswerThatCompletesTheHandshake() {
        let answer = Array(
            ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\nSec-WebSocket-Protocol: chat.v2\r\n\r\n").utf8)
        XCTAssertTrue(answer.withUnsafeBytes { WebSocketFuzzing.readHandshakeAnswer($0) })
    }
}
