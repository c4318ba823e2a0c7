import XCTest

/// `swift run courier-demo` with no arguments, and the argument errors, run as a user runs them.
final class DemoOfflineRunTests: XCTestCase {
    func test_noArguments_runsTheOfflineTourFromFixturesAndExitsZero() throws {
        // When
        let run = try DemoProcess.run([])

        // Then
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(run.standardError, "")
        let output = run.standardOutput
        for expected in [
            "\u{201C}Design for failure.\u{201D}",  // zen.txt
            "The Octocat (@octocat), San Francisco: 8 public repositories",  // users/octocat.json, decoded
            "GitHub.repositories(owner: \"octocat\", page: 2)",  // paging went on to page 2
            "octocat/boysenberry-repo-1",  // the last repository, on page 2
            "repos?page=2&per_page=5",  // the page as a query parameter
            "search/repositories?order=desc&q=networking%20language%3Aswift&sort=stars",  // the search query
            "4 repositories found:",
            "★ 15000 Moya/Moya [Swift]",
            "CourierError.statusCode, HTTP 404, GitHub says: Not Found",  // the error a caller gets
            "Done: 6 requests, no network.",
        ] {
            XCTAssertTrue(output.contains(expected), "missing: \(expected)\n\(output)")
        }
        XCTAssertFalse(output.contains("page: 3"), "paging must stop after a short page")
    }

    func test_noArguments_logsEveryRequestWithTheTokenRedacted() throws {
        // When
        let run = try DemoProcess.run([])

        // Then: six requests, each logged as stubbed, the five authorized ones with a hidden token
        let lines = run.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains(", stubbed] Request: https://api.github.com/") }.count, 6)
        XCTAssertEqual(lines.filter { $0.contains("\"Authorization\": \"<redacted>\"") }.count, 5)
        XCTAssertEqual(lines.filter { $0.contains(", stubbed] Response: ") }.count, 6)
        XCTAssertFalse(run.standardOutput.contains("demo-token-"), "the bearer token leaked")
    }

    func test_offlineOutputToAPipe_hasNoTerminalControlCharacters() throws {
        let run = try DemoProcess.run([])
        XCTAssertFalse(run.standardOutput.contains("\r"))
        XCTAssertFalse(run.standardOutput.contains("\u{1B}"))
    }

    func test_help_explainsEveryCommandAndExitsZero() throws {
        // When
        let run = try DemoProcess.run(["--help"])

        // Then
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.standardError, "")
        for expected in [
            "--base-url URL", "get ", "post-json ", "upload FILE", "download N [--output FILE]", "status CODE",
            "--verbose logs each response's transfer metrics",
            "<redacted>", "Exit status: 0 on success, 1 when a request fails", "2 for wrong arguments",
        ] {
            XCTAssertTrue(run.standardOutput.contains(expected), "missing: \(expected)")
        }
    }

    func test_wrongArguments_printOneLineOnStandardErrorAndExitTwo() throws {
        for arguments in [
            ["--verbose"], ["get"], ["--base-url", "nowhere"], ["--base-url", "http://h", "status", "abc"],
        ] {
            // When
            let run = try DemoProcess.run(arguments)

            // Then
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertEqual(run.standardOutput, "", "\(arguments)")
            XCTAssertTrue(run.standardError.hasPrefix("courier-demo: "), run.standardError)
            XCTAssertTrue(run.standardError.hasSuffix(" (see courier-demo --help)\n"), run.standardError)
            XCTAssertEqual(run.standardError.filter { $0 == "\n" }.count, 1, run.standardError)
        }
    }

    func test_serverDown_printsAClearMessageAndExitsOne() throws {
        // Given: a port where nothing listens
        let nowhere = try DemoProcess.unusedLocalURL()

        // When
        let run = try DemoProcess.run(["--base-url", nowhere.absoluteString, "get"])

        // Then
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.standardError,
            "courier-demo: the request failed: Could not connect to the server; is it running and reachable? "
                + "(\(nowhere.absoluteString)/get?client=courier-demo&page=1)\n")
        for crash in ["Fatal error", "Stack dump", "backtrace", "Current stack trace"] {
            XCTAssertFalse(run.standardError.contains(crash) || run.standardOutput.contains(crash), crash)
        }
    }
}
