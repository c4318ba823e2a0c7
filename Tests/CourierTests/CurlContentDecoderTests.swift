#if os(Linux)
    import Foundation
    import XCTest

    @testable import Courier

    /// Courier's own decoding of streamed bodies (issue 21, item 8): every encoding libcurl
    /// decodes, in any sequence, whatever the pieces it arrives in and however little room the
    /// reader leaves.
    final class CurlContentDecoderTests: XCTestCase {
        private static let text = Data(String(repeating: "Courier decodes this line.\n", count: 40).utf8)
        /// Written by Python's zlib and gzip and the zstd tool from ``text``.
        private static let encoded: [(encoding: String, base64: String)] = [
            ("deflate", "c84vLcpMLVJISU3OT0ktVijJyCxWyMnMS9Xjch6VGpUalRqVwiYFAA=="),
            ("deflate", "eNpzzi8tykwtUkhJTc5PSS1WKMnILFbIycxL1eNyHpUalRqVGpXCJgUAz0iCUA=="),
            (
                "gzip",
                "H4sIAAAAAAACA3POLy3KTC1SSElNzk9JLVYoycgsVsjJzEvV43IelRqeUgC6YT/D9AEAAB+LCAAAAAAAAgMrVijJyCxWyMnMS9Xjcs4v"
                    + "LcpMLVJISU3OT0ktHpUalSJGCgAvJcQGRAIAAA=="
            ),
            ("zstd", "KLUv/QRoHQEA2ENvdXJpZXIgZGVjb2RlcyB0aGlzIGxpbmUuCgEAa+D/HAP5Ysxb"),
            ("gzip, deflate", "eNqT7+ZgAAEm5uJz+rqnfHSDPDx9z/l76oZpnDyhE3bi5Bnvq4+L5KZKgeEhNVaGIv3jAhYsDAwAGEITHw=="),
        ]

        func test_everyEncoding_inPiecesOfOneByte_decodesIntoSmallRoom() throws {
            for (encoding, base64) in Self.encoded {
                // Given
                let body = try XCTUnwrap(Data(base64Encoded: base64))
                let decoder = try XCTUnwrap(try CurlContentDecoder(contentEncoding: encoding))

                // When: a byte at a time, into 7 bytes of room
                var decoded = Data()
                for byte in body {
                    [byte].withUnsafeBytes { decoder.feed($0) }
                    decoded.append(try Self.drain(decoder, room: 7))
                }

                // Then
                XCTAssertEqual(decoded, Self.text, encoding)
                XCTAssertTrue(decoder.isComplete, encoding)
            }
        }

        func test_truncatedBody_isNotComplete() throws {
            // Given
            let body = try XCTUnwrap(Data(base64Encoded: Self.encoded[2].base64))
            let decoder = try XCTUnwrap(try CurlContentDecoder(contentEncoding: "gzip"))

            // When
            body.prefix(body.count - 4).withUnsafeBytes { decoder.feed($0) }
            _ = try Self.drain(decoder, room: 1024)

            // Then
            XCTAssertFalse(decoder.isComplete)
        }

        func test_bytesThatAreNotTheEncoding_throwCannotDecode() throws {
            // Given
            let decoder = try XCTUnwrap(try CurlContentDecoder(contentEncoding: "gzip"))

            // When
            Data("not gzip at all".utf8).withUnsafeBytes { decoder.feed($0) }

            // Then
            XCTAssertThrowsError(try Self.drain(decoder, room: 64)) {
                XCTAssertEqual(($0 as? URLError)?.code, .cannotDecodeContentData)
            }
        }

        func test_bytesAfterTheEndOfTheEncodedBody_areNeverHeld_forEveryEncoding() throws {
            // Given: brotli of ``text``, written by libbrotlienc, and the other encodings
            let bodies =
                Self.encoded.filter { !$0.encoding.contains(",") } + [
                    ("br", "GzcE+EUn5xcKKJEI+yH69q0URKHKUgUfAIrx55Si1tSC+noD")
                ]
            for (encoding, base64) in bodies {
                let body = try XCTUnwrap(Data(base64Encoded: base64))
                guard let decoder = try? CurlContentDecoder(contentEncoding: encoding) else { continue }
                body.withUnsafeBytes { decoder.feed($0) }
                XCTAssertEqual(try Self.drain(decoder, room: 64 << 10), Self.text, encoding)

                // When: a server goes on sending after the end, 1 MiB in libcurl-sized pieces
                let trailing = [UInt8](repeating: 0x41, count: 16 << 10)
                do {
                    for _ in 0..<64 {
                        trailing.withUnsafeBytes { decoder.feed($0) }
                        _ = try Self.drain(decoder, room: 64 << 10)
                    }
                    // Then: ignored (gzip and deflate, as libcurl does), or...
                    XCTAssertFalse(decoder.hasPendingInput, "\(encoding): the bytes after the end pile up")
                } catch {
                    // ...refused as not the encoding (brotli and zstd, as libcurl does)
                    XCTAssertEqual((error as? URLError)?.code, .cannotDecodeContentData, encoding)
                }
            }
        }

        func test_identityOrNone_needsNoDecoder_unknownIsRefused() throws {
            XCTAssertNil(try CurlContentDecoder(contentEncoding: nil))
            XCTAssertNil(try CurlContentDecoder(contentEncoding: " identity "))
            XCTAssertThrowsError(try CurlContentDecoder(contentEncoding: "compress")) {
                XCTAssertEqual(($0 as? URLError)?.code, .cannotDecodeContentData)
            }
        }

        /// Decodes what `decoder` can make now, `room` bytes at a time.
        private static func drain(_ decoder: CurlContentDecoder, room: Int) throws -> Data {
            var decoded = Data()
            var buffer = [UInt8](repeating: 0, count: room)
            while true {
                let count = try buffer.withUnsafeMutableBytes { try decoder.decode(into: $0) }
                guard count > 0 else { return decoded }
                decoded.append(contentsOf: buffer[0..<count])
            }
        }
    }
#endif
