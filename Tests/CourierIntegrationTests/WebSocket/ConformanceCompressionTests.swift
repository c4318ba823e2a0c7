#if os(Linux)
    import CourierTestSupport
    import Foundation
    import XCTest

    @testable import Courier

    /// Autobahn's classes 12 and 13 (permessage-deflate, RFC 7692): compressed messages of many
    /// sizes both ways, with and without context takeover and with every window the server may ask
    /// the client for; and a decompression bomb, refused while it inflates.
    final class ConformanceCompressionTests: XCTestCase {
        private typealias Connection = WebSocketTestConnection

        private static var compressed: WebSocketConfiguration {
            var configuration = WebSocketConfiguration.quick
            configuration.compression = .permessageDeflate
            return configuration
        }

        /// The server's half of permessage-deflate, on the zlib Courier loads.
        private final class ServerCompression {
            let deflater: ZlibDeflater
            let inflater: ZlibInflater

            init?(_ agreement: PerMessageDeflate) {
                guard
                    let deflater = ZlibDeflater(
                        windowBits: agreement.serverMaxWindowBits, keepsContext: !agreement.serverNoContextTakeover),
                    let inflater = ZlibInflater(keepsContext: !agreement.clientNoContextTakeover)
                else { return nil }
                self.deflater = deflater
                self.inflater = inflater
            }

            func send(_ payload: [UInt8], text: Bool, on connection: Connection) throws {
                guard let body = deflater.deflate(Data(payload)) else {
                    throw Connection.Failure(description: "the server could not deflate")
                }
                connection.sendFrame(text ? .text : .binary, Array(body), reservedBits: 0x40)
            }

            func receive(on connection: Connection) throws -> (compressed: Bool, payload: [UInt8]) {
                let message = try connection.readMessage()
                guard message.reservedBits & 0x40 != 0 else { return (false, message.payload) }
                let output = MessageBuffer()
                let outcome = message.payload.withUnsafeBytes { inflater.inflate($0, into: output, limit: 64 << 20) }
                guard outcome == .inflated, inflater.endMessage(into: output, limit: 64 << 20) == .inflated else {
                    throw Connection.Failure(description: "the client's message does not inflate")
                }
                return (true, Array(output.bytes(from: 0)))
            }
        }

        /// Cases where the server sends `count` messages of `size` bytes compressed and reads each
        /// echo, which must come back compressed (the client compresses what is 64 bytes or more).
        private func cases(prefix: String, parameters: String, sizes: [Int], count: Int = 10) -> [ConformanceCase] {
            sizes.enumerated().map { index, size in
                let agreement =
                    (try? PerMessageDeflate.accepted(in: "permessage-deflate" + parameters)) ?? PerMessageDeflate()
                let payloads = (0..<count).map { message in Self.payload(size: size, seed: message) }
                return .closing(
                    "\(prefix).\(index + 1) (\(size) bytes)",
                    messages: payloads.map { .text(String(decoding: $0, as: UTF8.self)) },
                    configuration: Self.compressed, extensions: "permessage-deflate" + parameters
                ) { connection in
                    guard let compression = ServerCompression(agreement) else {
                        throw Connection.Failure(description: "zlib did not load")
                    }
                    for payload in payloads {
                        try compression.send(payload, text: true, on: connection)
                        let echo = try compression.receive(on: connection)
                        guard echo.payload == payload, echo.compressed || size < FrameWriter.smallestCompressed else {
                            throw Connection.Failure(description: "the echo of \(size) bytes came back wrong")
                        }
                    }
                }
            }
        }

        /// Letters in a pattern deflate compresses, different for each `seed`.
        private static func payload(size: Int, seed: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: size)
            for index in 0..<size {
                let letter = (index * 7 + seed * 13 + index / 3) % 26
                bytes[index] = UInt8(ascii: "a") + UInt8(letter)
            }
            return bytes
        }

        private static let sizes = [16, 64, 256, 1024, 4096, 16384, 65536, 131_072]

        func test_class12_compressedMessagesOfEverySize_areInflatedAndEchoedCompressed() async {
            await ConformanceRunner.run(
                cases(prefix: "12.1", parameters: "", sizes: Self.sizes), class: "12 (permessage-deflate, sizes)")
        }

        func test_class13_everyParameterCombination_isHonouredBothWays() async {
            var all: [ConformanceCase] = []
            let combinations = [
                ("13.1", ""), ("13.2", "; server_no_context_takeover"), ("13.3", "; client_no_context_takeover"),
                ("13.4", "; server_no_context_takeover; client_no_context_takeover"),
                ("13.5", "; client_max_window_bits=9"), ("13.6", "; client_max_window_bits=15"),
                ("13.7", "; server_max_window_bits=9; client_max_window_bits=9; client_no_context_takeover"),
            ]
            for (prefix, parameters) in combinations {
                all += cases(prefix: prefix, parameters: parameters, sizes: [16, 1024, 65536], count: 5)
            }
            // An 8-bit window zlib cannot keep to: the client sends uncompressed, as RFC 7692 allows.
            all.append(
                .closing(
                    "13.x client window 8", messages: [.text(String(repeating: "x", count: 500))],
                    configuration: Self.compressed, extensions: "permessage-deflate; client_max_window_bits=8"
                ) { connection in
                    connection.sendText(String(repeating: "x", count: 500))
                    let echo = try connection.readMessage()
                    guard echo.reservedBits == 0, echo.payload.count == 500 else {
                        throw Connection.Failure(
                            description: "the echo was compressed with a window the server refused")
                    }
                })
            await ConformanceRunner.run(all, class: "13 (permessage-deflate, parameters)")
        }

        func test_compression_corruptOrMisplaced_failsTheConnection() async {
            let cases: [ConformanceCase] = [
                .failing(
                    "corrupt deflate", code: .invalidFramePayloadData, configuration: Self.compressed,
                    extensions: "permessage-deflate"
                ) { connection in
                    connection.sendFrame(.binary, [0xFF, 0xFF, 0xFF, 0xFF, 0x00], reservedBits: 0x40)
                },
                .failing(
                    "RSV1 on a continuation", code: .protocolError, configuration: Self.compressed,
                    extensions: "permessage-deflate"
                ) { connection in
                    connection.sendFrame(.text, [], isFinal: false)
                    connection.sendFrame(.continuation, [0x00], reservedBits: 0x40)
                },
                .failing(
                    "RSV1 on a ping", code: .protocolError, configuration: Self.compressed,
                    extensions: "permessage-deflate"
                ) { connection in
                    connection.sendFrame(.ping, [], reservedBits: 0x40)
                },
            ]
            await ConformanceRunner.run(cases, class: "compression errors")
        }

        func test_decompressionBomb_isRefusedWith1009WhileItInflates() async {
            // 64 MiB of zeros deflate to about 64 KiB; the server sends a tenth of that and never
            // ends the frame: the client must refuse before it has the whole payload.
            var configuration = Self.compressed
            configuration.maximumMessageSize = 1 << 20
            let bomb = ZlibDeflater(windowBits: 15, keepsContext: true)?.deflate(Data(count: 64 << 20)) ?? Data()
            XCTAssertGreaterThan(bomb.count, 20_000)
            let cases: [ConformanceCase] = [
                ConformanceCase(
                    "bomb", closeCode: .messageTooBig, fails: true, configuration: configuration,
                    extensions: "permessage-deflate"
                ) { connection in
                    let header: [UInt8] =
                        [0xC2, 0x7F]
                        + stride(from: 56, through: 0, by: -8).map {
                            UInt8(truncatingIfNeeded: UInt64(bomb.count) >> UInt64($0))
                        }
                    connection.write(header + Array(bomb.prefix(bomb.count / 10)))
                    try connection.expectClose(code: .messageTooBig)
                }
            ]
            await ConformanceRunner.run(cases, class: "decompression bomb")
        }
    }
#endif
