import CourierTestSupport
import XCTest

/// The live commands against httpbin (`scripts/test.sh` starts it), with output to a pipe: plain
/// progress lines, no terminal control characters.
final class DemoLiveCommandTests: XCTestCase {
    private func run(_ words: [String]) throws -> DemoProcess.Outcome {
        let outcome = try DemoProcess.run(["--base-url", try HTTPBin.baseURL().absoluteString] + words)
        XCTAssertFalse(outcome.standardOutput.contains("live-token-"), "the bearer token leaked")
        XCTAssertFalse(outcome.standardOutput.contains("\r"), "terminal redraws in a pipe")
        return outcome
    }

    func test_get_showsWhatTheServerReceivedAndExitsZero() throws {
        // When
        let run = try run(["get"])

        // Then
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("  query: client=courier-demo, page=1\n"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("  Authorization: present (its value is not shown)\n"))
        XCTAssertTrue(run.standardOutput.contains("\"Authorization\": \"<redacted>\""), "the logger shows the header")
        XCTAssertTrue(run.standardOutput.contains("] Response: 200 in "))
    }

    func test_getVerbose_logsATimingLineAfterTheResponse_andNoSecret() throws {
        // When
        let run = try run(["get", "--verbose"])

        // Then: libcurl (the default) and URLSession on Linux both measure the whole exchange
        XCTAssertEqual(run.status, 0, run.standardError)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let response = try XCTUnwrap(lines.firstIndex { $0.contains("] Response: 200 in ") }, run.standardOutput)
        let metrics = try XCTUnwrap(lines.dropFirst(response + 1).first, run.standardOutput)
        XCTAssertTrue(metrics.contains("] Metrics: "), metrics)
        XCTAssertTrue(metrics.hasSuffix(" ms in all"), metrics)
        if ProcessInfo.processInfo.environment["COURIER_TRANSPORT"]?.lowercased() != "urlsession" {
            XCTAssertTrue(metrics.contains("http/1.1 127.0.0.1:"), metrics)
            XCTAssertTrue(metrics.contains("first byte "), metrics)
        }
    }

    func test_getWithoutVerbose_logsNoTimingLine() throws {
        let run = try run(["get"])

        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertFalse(run.standardOutput.contains("] Metrics: "), run.standardOutput)
    }

    func test_postJSON_getsItsJSONBackUnchanged() throws {
        let run = try run(["post-json"])

        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(
            run.standardOutput.contains("message \"Hello from Courier\", languages [\"Swift\", \"C\"], stars 5"))
        XCTAssertTrue(run.standardOutput.contains("It matches what was sent."))
    }

    func test_upload_sendsTheFileAsMultipartAndPrintsPlainProgressLines() throws {
        // Given: 300 000 bytes, so that progress comes in several steps
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-upload-\(UUID()).bin")
        try Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        // When
        let run = try run(["upload", file.path])

        // Then
        XCTAssertEqual(run.status, 0, run.standardError)
        let progress = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("upload: ") }
        XCTAssertEqual(progress.last.map(String.init)?.hasPrefix("upload: 100% ("), true, "\(progress)")
        XCTAssertEqual(progress.filter { $0.hasPrefix("upload: 100%") }.count, 1)
        XCTAssertTrue(run.standardOutput.contains("  form fields: client=courier-demo\n"))
        XCTAssertTrue(run.standardOutput.contains("  files: file (300000 bytes)\n"), run.standardOutput)
    }

    func test_upload_ofAMissingFile_explainsAndExitsOne() throws {
        let run = try run(["upload", "/nonexistent/courier-demo.txt"])

        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.standardError,
            "courier-demo: the request failed: The file to upload does not exist: /nonexistent/courier-demo.txt.\n")
    }

    func test_download_savesExactlyTheBytesToTheOutputFile() throws {
        // Given
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-\(UUID())/out.bin")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

        // When
        let run = try run(["download", "65536", "--output", file.path])

        // Then
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(try Data(contentsOf: file).count, 65536)
        XCTAssertTrue(run.standardOutput.contains("download: 100% (65536 of 65536 bytes)\n"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.hasSuffix("Saved 65536 bytes to \(file.path)\n"), run.standardOutput)
    }

    func test_statusOfAnError_showsTheCourierErrorAndExitsOne() throws {
        // When
        let run = try run(["status", "404"])

        // Then
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.standardOutput.contains("A caller catches this CourierError:\n  case: .statusCode\n"))
        XCTAssertTrue(run.standardOutput.contains("  error.response?.statusCode: 404\n"))
        XCTAssertTrue(
            run.standardOutput.contains("  description: Status code didn't fall within the given range. (GET "),
            run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("/status/404 → HTTP 404"))
    }

    func test_statusOfASuccess_exitsZero() throws {
        let run = try run(["status", "204"])

        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("HTTP 204: accepted by the target's validationType (.successCodes)."))
    }
}
