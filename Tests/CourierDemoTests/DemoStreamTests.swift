import CourierTestSupport
import XCTest

@testable import courier_demo

/// `courier-demo stream`: offline on a scripted stub, and live against httpbin.
final class DemoStreamTests: XCTestCase {
    func test_streamOffline_printsEachTokenAsItArrives_thenTheAnswer() throws {
        // When
        let run = try DemoProcess.run(["stream"])
        // Then
        XCTAssertEqual(run.status, 0, run.standardError)
        let output = run.standardOutput
        XCTAssertTrue(output.contains("Head: HTTP 200, Content-Type: text/event-stream"), output)
        let tokens = output.split(separator: "\n").filter { $0.hasPrefix("  +") }
        XCTAssertEqual(tokens.count, 16, output)
        XCTAssertTrue(tokens.first?.hasSuffix("\"Water\"") ?? false)
        XCTAssertTrue(output.contains("Water finds its way\nchunk by chunk the river\nnever waits for the sea\n"))
        XCTAssertTrue(output.contains("Stream: 200 completed in "), "the logger's summary line")
        let times = tokens.compactMap { line in Double(line.dropFirst(3).prefix { $0 != " " }) }
        XCTAssertGreaterThan(times.last ?? 0, 1.5, "16 tokens 120 ms apart arrive over time, not at once")
    }

    func test_streamLive_printsHTTPBinsRowsAndTheDrip() throws {
        // When
        let run = try DemoProcess.run(["--base-url", try HTTPBin.baseURL().absoluteString, "stream", "4"])
        // Then
        XCTAssertEqual(run.status, 0, run.standardError)
        for row in 0..<4 { XCTAssertTrue(run.standardOutput.contains("  row \(row) from "), run.standardOutput) }
        XCTAssertTrue(run.standardOutput.contains("(5 so far)"), run.standardOutput)
    }

    func test_parse_findsTheStreamCommandWhereverBaseURLIs_andLeavesOtherCommandsAlone() throws {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:8080"))
        XCTAssertEqual(try StreamCommand.parse(["stream"])?.get(), StreamCommand(source: .offline))
        XCTAssertEqual(
            try StreamCommand.parse(["--base-url", url.absoluteString, "stream", "7"])?.get(),
            StreamCommand(source: .live(baseURL: url, rows: 7)))
        XCTAssertEqual(
            try StreamCommand.parse(["stream", "--base-url=\(url.absoluteString)"])?.get(),
            StreamCommand(source: .live(baseURL: url, rows: 5)))
        XCTAssertEqual(try StreamCommand.parse(["stream", "--help"])?.get(), StreamCommand(source: .help))
        XCTAssertNil(StreamCommand.parse(["--base-url", url.absoluteString, "get"]))
        XCTAssertNil(StreamCommand.parse([]))
    }

    func test_parse_rejectsBadArguments_withOneLine() {
        let cases: [([String], String)] = [
            (["stream", "3"], "stream takes N only with --base-url"),
            (
                ["stream", "--base-url", "http://127.0.0.1:1", "0"],
                "stream needs a whole number from 1 to 100, not '0'"
            ),
            (["stream", "--base-url", "ftp://x"], "--base-url needs an http or https URL"),
            (["stream", "--verbose"], "unknown option '--verbose' for stream"),
        ]
        for (arguments, message) in cases {
            guard case .failure(let error) = StreamCommand.parse(arguments) else {
                XCTFail("\(arguments) should fail")
                continue
            }
            XCTAssertTrue(error.message.hasPrefix(message), "\(arguments): \(error.message)")
        }
    }
}
