import XCTest

/// The demo's standard output is a pipe whose reader goes away, as in `courier-demo | head`: the
/// demo stops quietly with status 0 instead of being killed by `SIGPIPE`.
final class DemoClosedPipeTests: XCTestCase {
    func test_offlineTour_pipedIntoHeadOfOneLine_printsThatLineAndExitsZero() throws {
        // Given: a shell pipeline that reports the demo's own exit status on standard error
        let pipeline = #"{ "$0"; echo "courier-demo-exit=$?" >&2; } | head -n 1"#

        // When
        let run = try DemoProcess.run(
            ["-c", pipeline, DemoProcess.binary.path], executable: URL(fileURLWithPath: "/bin/sh"))

        // Then: 141 would be 128 + SIGPIPE, the shell's way to say a signal killed it
        XCTAssertEqual(run.standardError, "courier-demo-exit=0\n")
        XCTAssertEqual(run.standardOutput.filter { $0 == "\n" }.count, 1, run.standardOutput)
        XCTAssertTrue(run.standardOutput.hasPrefix("Courier demo, offline: "), run.standardOutput)
    }

    func test_readerAlreadyGone_stopsAtTheFirstLine_beforeTheRequestCanFail() throws {
        // Given: a server that is down, and a pipe whose reader has closed its end
        let nowhere = try DemoProcess.unusedLocalURL()
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()

        // When: the demo logs its request (its first line), then would send it
        let run = try DemoProcess.run(
            ["--base-url", nowhere.absoluteString, "get"], standardOutput: pipe.fileHandleForWriting)

        // Then: it exits at once and quietly, rather than reporting the failed request
        XCTAssertEqual(run.reason, .exit, "killed by signal \(run.status)")
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(run.standardError, "")
    }
}
