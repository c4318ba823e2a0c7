import CourierTestSupport
import XCTest

@testable import courier_demo

/// `courier-demo socket`: offline on a scripted conversation, and live against the WebSocket peer.
final class DemoSocketTests: XCTestCase {
    func test_socketOffline_printsEachEventAsItArrives_throughTheLogger() throws {
        // When
        let run = try DemoProcess.run(["socket"])
        // Then
        XCTAssertEqual(run.status, 0, run.standardError)
        let output = run.standardOutput
        XCTAssertTrue(output.contains("Open: HTTP 101, subprotocol chat.v2"), output)
        let events = output.split(separator: "\n").filter { $0.hasPrefix("  +") }
        XCTAssertEqual(events.count, 4, output)
        XCTAssertTrue(events.last?.hasSuffix("message: ada: welcome, courier-demo!") ?? false, output)
        XCTAssertTrue(output.contains("WebSocket Sent: text(47 bytes)"), "the logger shows each message")
        XCTAssertTrue(output.contains("\"Authorization\": \"<redacted>\""), "the handshake carries the token, redacted")
        XCTAssertTrue(output.contains("Closed by the room: 1000 (normal closure), \"see you\""), output)
    }

    func test_socketLive_sendsEachMessageAndPrintsItsEcho() throws {
        // Given
        let server = try TestServer.url(from: "COURIER_WEBSOCKET_URL")
        // When
        let run = try DemoProcess.run(["socket", "--url", server.absoluteString + "/echo"])
        // Then
        XCTAssertEqual(run.status, 0, run.standardError)
        let echoes = run.standardOutput.split(separator: "\n").filter { $0.contains("came back intact in") }
        XCTAssertEqual(echoes.count, 4, run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("extensions permessage-deflate"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("Closed: 1000 (normal closure)"), run.standardOutput)
    }

    func test_parse_readsTheURLAndRefusesWhatIsNotAWebSocketURL() throws {
        let url = try XCTUnwrap(URL(string: "ws://127.0.0.1:8765/echo"))
        XCTAssertEqual(try SocketCommand.parse(["socket"])?.get(), SocketCommand(source: .offline))
        XCTAssertEqual(
            try SocketCommand.parse(["socket", "--url", url.absoluteString])?.get(), SocketCommand(source: .live(url)))
        XCTAssertEqual(
            try SocketCommand.parse(["socket", "--url=\(url.absoluteString)"])?.get(), SocketCommand(source: .live(url))
        )
        XCTAssertEqual(try SocketCommand.parse(["socket", "--help"])?.get(), SocketCommand(source: .help))
        XCTAssertNil(SocketCommand.parse(["stream"]))
        for (arguments, message) in [
            (["socket", "--url"], "--url needs a value"),
            (["socket", "--url", "http://x/echo"], "--url needs a ws or wss URL"),
            (["socket", "extra"], "unknown argument 'extra' for socket"),
        ] {
            guard case .failure(let error) = SocketCommand.parse(arguments) else {
                XCTFail("\(arguments) should fail")
                continue
            }
            XCTAssertTrue(error.line.contains(message), error.line)
        }
    }
}
