import XCTest

@testable import courier_demo

final class InvocationTests: XCTestCase {
    private let server = URL(string: "http://127.0.0.1:8080")!

    func test_noArguments_isTheOfflineTour() throws {
        XCTAssertEqual(try Invocation.parse([]), .offline)
    }

    func test_help_isHelpWhereverItIs() throws {
        for arguments in [
            ["--help"], ["-h"], ["--base-url", "http://127.0.0.1:8080", "upload", "--help"], ["nonsense", "-h"],
        ] {
            XCTAssertEqual(try Invocation.parse(arguments), .help, "\(arguments)")
        }
    }

    func test_baseURLWithoutCommand_runsGet() throws {
        XCTAssertEqual(
            try Invocation.parse(["--base-url", "http://127.0.0.1:8080"]), .live(baseURL: server, command: .get))
        XCTAssertEqual(
            try Invocation.parse(["--base-url=http://127.0.0.1:8080"]), .live(baseURL: server, command: .get))
    }

    func test_commands_parseTheirArguments() throws {
        // Given
        let cases: [([String], Invocation.LiveCommand)] = [
            (["get"], .get),
            (["post-json"], .postJSON),
            (["upload", "/tmp/photo.jpg"], .upload(file: URL(fileURLWithPath: "/tmp/photo.jpg"))),
            (["download", "2048"], .download(bytes: 2048, output: nil)),
            (
                ["download", "10", "--output", "/tmp/out.bin"],
                .download(bytes: 10, output: URL(fileURLWithPath: "/tmp/out.bin"))
            ),
            (
                ["--output=/tmp/out.bin", "download", "10"],
                .download(bytes: 10, output: URL(fileURLWithPath: "/tmp/out.bin"))
            ),
            (["status", "404"], .status(code: 404)),
        ]
        for (words, command) in cases {
            // When
            let invocation = try Invocation.parse(["--base-url", "http://127.0.0.1:8080"] + words)
            // Then
            XCTAssertEqual(invocation, .live(baseURL: server, command: command), "\(words)")
        }
    }

    func test_verbose_asksForMetrics_wherever_andNotOtherwise() throws {
        for arguments in [
            ["--base-url", "http://127.0.0.1:8080", "get", "--verbose"],
            ["--verbose", "--base-url", "http://127.0.0.1:8080"],
        ] {
            XCTAssertEqual(
                try Invocation.parse(arguments), .live(baseURL: server, command: .get, verbose: true), "\(arguments)")
        }
        XCTAssertEqual(
            try Invocation.parse(["--base-url", "http://127.0.0.1:8080", "status", "500"]),
            .live(baseURL: server, command: .status(code: 500), verbose: false))
    }

    func test_commandAfterOrBeforeBaseURL_isTheSame() throws {
        XCTAssertEqual(
            try Invocation.parse(["status", "500", "--base-url", "http://127.0.0.1:8080"]),
            .live(baseURL: server, command: .status(code: 500)))
    }

    func test_wrongArguments_failWithAMessageThatNamesTheProblem() {
        let cases: [([String], String)] = [
            (["--verbose"], "--verbose is an option of the live commands, which need --base-url URL"),
            (["--verbosely"], "unknown option '--verbosely'"),
            (["get"], "'get' needs --base-url URL"),
            (["download", "10"], "'download' needs --base-url URL"),
            (["fetch"], "unknown command 'fetch'"),
            (["--base-url"], "--base-url needs a value"),
            (["--base-url", "--help-me"], "--base-url needs a value"),
            (["--base-url", "localhost:8080"], "--base-url needs an http or https URL"),
            (["--base-url", "ftp://example.com"], "--base-url needs an http or https URL"),
            (["--base-url", "http://"], "--base-url needs an http or https URL"),
            (["--base-url", "http://h", "fetch"], "unknown command 'fetch'"),
            (["--base-url", "http://h", "get", "extra"], "get takes no arguments"),
            (["--base-url", "http://h", "upload"], "upload needs FILE"),
            (["--base-url", "http://h", "upload", "a", "b"], "upload takes one argument, FILE"),
            (["--base-url", "http://h", "download", "many"], "download needs a whole number from 1 to"),
            (["--base-url", "http://h", "download", "0"], "download needs a whole number from 1 to"),
            (["--base-url", "http://h", "status", "99"], "status needs a whole number from 100 to 599, not '99'"),
            (["--base-url", "http://h", "status", "600"], "status needs a whole number from 100 to 599"),
            (["--base-url", "http://h", "get", "--output", "x"], "--output is an option of the download command"),
            (["--output", "x"], "--output is an option of the download command"),
        ]
        for (arguments, expected) in cases {
            // When
            XCTAssertThrowsError(try Invocation.parse(arguments), "\(arguments)") { error in
                // Then
                let message = (error as? UsageError)?.message ?? ""
                XCTAssertTrue(message.hasPrefix(expected), "\(arguments): \(message)")
            }
        }
    }

    func test_usageErrorLine_isOneLineThatPointsToHelp() {
        let line = UsageError("unknown option '--x'").line
        XCTAssertEqual(line, "courier-demo: unknown option '--x' (see courier-demo --help)")
        XCTAssertFalse(line.contains("\n"))
    }
}
