import Foundation
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The handshake's pieces: the accept key, the extension answer, the head of the answer.
final class OpeningHandshakeTests: XCTestCase {
    func test_accept_forRFC6455sExampleKey_isTheRFCsAnswer() {
        XCTAssertEqual(HandshakeKey(value: "dGhlIHNhbXBsZSBub25jZQ==").expectedAccept, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    func test_sha1_ofFIPSVectors_isTheirDigest() {
        func hex(_ text: String) -> String { SHA1.hash(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(hex(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        XCTAssertEqual(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }

    func test_extensionAnswers_validOnesAreAcceptedAndOthersRefused() throws {
        XCTAssertNil(try PerMessageDeflate.accepted(in: nil))
        XCTAssertEqual(try PerMessageDeflate.accepted(in: "permessage-deflate"), PerMessageDeflate())
        XCTAssertEqual(
            try PerMessageDeflate.accepted(
                in:
                    "permessage-deflate; server_no_context_takeover; client_max_window_bits=10; server_max_window_bits=\"12\""
            ),
            PerMessageDeflate(serverNoContextTakeover: true, clientMaxWindowBits: 10, serverMaxWindowBits: 12)
                .withClientBits(10))
        for refused in [
            "x-webkit-deflate-frame", "permessage-deflate, permessage-deflate", "permessage-deflate; foo",
            "permessage-deflate; server_max_window_bits=16", "permessage-deflate; client_max_window_bits=7",
            "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
            "permessage-deflate; server_no_context_takeover=1", "permessage-deflate; client_max_window_bits",
        ] {
            XCTAssertThrowsError(try PerMessageDeflate.accepted(in: refused), refused)
        }
    }

    func test_requestHead_forAURLWithPortAndQuery_namesThemAndOffersWhatWasAsked() throws {
        var request = URLRequest(url: try XCTUnwrap(URL(string: "wss://example.com:8443/chat?room=1")))
        request.setValue("chat.v2", forHTTPHeaderField: "Sec-WebSocket-Protocol")
        request.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
        let handshake = try OpeningHandshake(
            request: request, sessionHeaders: ["User-Agent": "tests"], offersCompression: false,
            key: HandshakeKey(value: "AAAAAAAAAAAAAAAAAAAAAA=="))
        let head = String(decoding: handshake.head, as: UTF8.self)
        XCTAssertTrue(head.hasPrefix("GET /chat?room=1 HTTP/1.1\r\nHost: example.com:8443\r\n"), head)
        // Header names in any case: Foundation on Linux writes this one `Sec-Websocket-Protocol`.
        XCTAssertTrue(head.lowercased().contains("\r\nsec-websocket-protocol: chat.v2\r\n"), head)
        XCTAssertTrue(head.contains("\r\nUser-Agent: tests\r\n"))
        XCTAssertFalse(head.contains("Accept-Encoding"))
        XCTAssertFalse(head.contains("Sec-WebSocket-Extensions"))
        XCTAssertTrue(handshake.isSecure)
        XCTAssertEqual(handshake.port, 8443)
        XCTAssertEqual(handshake.offeredProtocols, ["chat.v2"])
    }

    func test_requestHead_forOtherSchemesOrNoHost_isRefused() throws {
        for text in ["ftp://example.com/", "ws:///path"] {
            let request = URLRequest(url: try XCTUnwrap(URL(string: text)))
            XCTAssertThrowsError(
                try OpeningHandshake(request: request, sessionHeaders: [:], offersCompression: false), text)
        }
    }

    func test_responseHead_parsesStatusAndFieldsAndSkipsNothingAfterIt() {
        let bytes = Array(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nX-A: 1\r\nX-a: 2\r\n\r\n\u{81}\u{00}".utf8)
        guard case .head(let head, let length) = ResponseHead.parse(bytes) else { return XCTFail() }
        XCTAssertEqual(head.statusCode, 101)
        XCTAssertEqual(head.field("upgrade"), "websocket")
        XCTAssertEqual(head.fieldsByName["X-A"], "1, 2")
        XCTAssertEqual(bytes.count - length, 3)
        XCTAssertEqual(ResponseHead.parse(Array("HTTP/1.1 101".utf8)), .incomplete)
        guard case .invalid = ResponseHead.parse(Array("SSH-2.0\r\n\r\n".utf8)) else { return XCTFail() }
    }

    func test_chunkedBody_decodesWhatArrivedAndKnowsItsEnd() {
        let bytes = Array("5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n".utf8)
        XCTAssertEqual(String(decoding: ChunkedBody.decode(bytes), as: UTF8.self), "hello world")
        XCTAssertTrue(ChunkedBody.isComplete(bytes))
        XCTAssertFalse(ChunkedBody.isComplete(Array(bytes.prefix(12))))
        XCTAssertEqual(String(decoding: ChunkedBody.decode(Array(bytes.prefix(12))), as: UTF8.self), "hello")
    }
}

extension PerMessageDeflate {
    fileprivate init(serverNoContextTakeover: Bool, clientMaxWindowBits: Int, serverMaxWindowBits: Int) {
        self.init()
        self.serverNoContextTakeover = serverNoContextTakeover
        self.serverMaxWindowBits = serverMaxWindowBits
        self.clientMaxWindowBits = clientMaxWindowBits
    }

    fileprivate func withClientBits(_ bits: Int) -> PerMessageDeflate {
        var copy = self
        copy.clientMaxWindowBits = bits
        return copy
    }
}
