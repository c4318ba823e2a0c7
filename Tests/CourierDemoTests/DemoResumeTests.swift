import CourierTestSupport
import Foundation
import XCTest

@testable import courier_demo

/// `courier-demo --base-url URL download N --resume`: a download interrupted halfway and resumed
/// from the byte it stopped at, against httpbin's `/range/N`.
final class DemoResumeTests: XCTestCase {
    func test_downloadResume_againstHTTPBin_resumesFromTheByteItStoppedAt_andSavesTheWholeFile() throws {
        // Given
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-\(UUID())/range.bin")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

        // When
        let run = try DemoProcess.run([
            "--base-url", try HTTPBin.baseURL().absoluteString, "download", "102400", "--resume", "--output", file.path,
        ])

        // Then
        XCTAssertEqual(run.status, 0, run.standardError)
        let output = run.standardOutput
        let lines = output.split(separator: "\n").map(String.init)
        let stop = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Interrupted at ") }, output)
        let offset = try XCTUnwrap(lines[stop].split(separator: " ").dropFirst(2).first.flatMap { Int($0) }, output)
        XCTAssertGreaterThanOrEqual(offset, 51200, output)
        XCTAssertLessThan(offset, 102_400, output)
        XCTAssertTrue(output.contains("\"Range\": \"bytes=\(offset)-\""), "the logger shows the Range sent: \(output)")
        XCTAssertTrue(output.contains("\"If-Range\": \"range102400\""), output)
        XCTAssertTrue(output.contains("The server answered 206 with Content-Range: bytes \(offset)-102399/102400."))
        let resumed = lines[stop...].filter { $0.hasPrefix("download: ") }
        let firstPercent = resumed.first.flatMap { Int($0.dropFirst("download: ".count).prefix { $0 != "%" }) }
        XCTAssertGreaterThanOrEqual(firstPercent ?? 0, 50, "progress resumes at the offset, not at 0: \(resumed)")
        XCTAssertTrue(output.hasSuffix("Saved 102400 bytes to \(file.path): httpbin's /range/102400, byte for byte.\n"))
        XCTAssertEqual(try Data(contentsOf: file).count, 102_400)
    }

    func test_parse_readsDownloadWithResume_andRefusesWhatDoesNotFit() throws {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:8080"))
        XCTAssertEqual(
            try ResumeCommand.parse(["--base-url", url.absoluteString, "download", "1000", "--resume"])?.get(),
            ResumeCommand(baseURL: url, bytes: 1000, output: nil))
        XCTAssertNil(ResumeCommand.parse(["--base-url", url.absoluteString, "download", "1000"]))
        let refused: [([String], String)] = [
            (["download", "1000", "--resume"], "'download' needs --base-url URL"),
            (["--base-url", url.absoluteString, "get", "--resume"], "--resume is an option of the download command"),
            (["--base-url", url.absoluteString, "download", "102401", "--resume"], "needs N from 1 to 102400"),
        ]
        for (arguments, message) in refused {
            guard case .failure(let error)? = ResumeCommand.parse(arguments) else { return XCTFail("\(arguments)") }
            XCTAssertTrue(error.line.contains(message), error.line)
        }
    }
}
