import Foundation
import XCTest

@testable import Courier

/// How both transports treat the head of a resumed download's answer (issue 24 §1): a `206` is
/// appended only when its `Content-Range` continues the partial file, every number checked; a
/// `416` or another validator starts again; a `200` replaces the partial file.
final class DownloadBodyPlanTests: XCTestCase {
    private var folder: URL!
    private var partial: URL!
    private let url = URL(string: "https://files.example/report.pdf")!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        partial = folder.appendingPathComponent("courier-download-\(UUID().uuidString).tmp")
        try Data(count: 100).write(to: partial)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var point: DownloadResumePoint {
        DownloadResumePoint(
            url: url, partialFileURL: partial, bytesReceived: 100, totalBytes: 1000, entityTag: "\"v1\"",
            lastModified: nil)
    }

    private func plan(_ status: Int, _ fields: [String: String], continuing: Bool = true) throws -> DownloadBodyPlan? {
        let download = ResumableDownload(url: url, continuing: continuing ? point : nil)
        return try DownloadBodyPlan.make(for: download, statusCode: status) { name in
            fields.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    func test_206ContinuingThePartialFile_appendsAtItsSize() throws {
        let plan = try XCTUnwrap(
            try plan(206, ["Content-Range": "bytes 100-999/1000", "Content-Length": "900", "ETag": "\"v1\""]))
        XCTAssertEqual(plan.append?.file, partial)
        XCTAssertEqual(plan.append?.offset, 100)
        XCTAssertEqual(plan.totalBytes, 1000)
        XCTAssertEqual(plan.resumePoint(file: partial, bytes: 400)?.bytesReceived, 400)
    }

    func test_206ThatDoesNotContinueTheFile_isRefusedNamingTheRange() {
        // Each with a Content-Length that agrees with its range, but the last.
        let refused: [(range: String, length: String)] = [
            ("bytes 101-999/1000", "899"),  // another start
            ("bytes 100-998/1000", "899"),  // stops short of the end
            ("bytes 100-1999/2000", "1900"),  // another length than before
            ("bytes -100-999/1000", "900"),  // a sign
            ("bytes 100-99999999999999999999/99999999999999999999", "900"),  // overflows
            ("bytes 100-999", "900"),  // no complete length
            ("items 100-999/1000", "900"),
            ("", "900"),
            ("bytes 100-999/*", "899"),  // fine, but Content-Length disagrees
        ]
        for (range, length) in refused {
            XCTAssertThrowsError(try plan(206, ["Content-Range": range, "Content-Length": length]), range) { error in
                XCTAssertEqual(
                    error as? DownloadResumeError, .unexpectedRange(expectedStart: 100, contentRange: range), range)
            }
        }
        XCTAssertThrowsError(try plan(206, [:])) { error in
            XCTAssertEqual(error as? DownloadResumeError, .unexpectedRange(expectedStart: 100, contentRange: nil))
        }
    }

    func test_416_anotherETag_orAnEncodedRange_startAgain() {
        XCTAssertThrowsError(try plan(416, ["Content-Range": "bytes */50"])) { XCTAssertTrue($0 is DownloadRestart) }
        XCTAssertThrowsError(try plan(206, ["Content-Range": "bytes 100-999/1000", "ETag": "\"v2\""])) {
            XCTAssertTrue($0 is DownloadRestart)
        }
        XCTAssertThrowsError(try plan(206, ["Content-Range": "bytes 100-999/1000", "Content-Encoding": "gzip"])) {
            XCTAssertTrue($0 is DownloadRestart)
        }
    }

    func test_200ToAResumedRequest_removesThePartialFile_andWritesANewOne() throws {
        let plan = try XCTUnwrap(try plan(200, ["ETag": "\"v2\"", "Content-Length": "1000"]))
        XCTAssertNil(plan.append)
        XCTAssertFalse(FileManager.default.fileExists(atPath: partial.path))
        XCTAssertEqual(plan.resumePoint(file: partial, bytes: 10)?.entityTag, "\"v2\"")
    }

    func test_anAnswerThatIsNotTheRepresentation_leavesThePartialFile_andCannotBeResumed() throws {
        let plan = try XCTUnwrap(try plan(503, ["ETag": "\"v1\""]))
        XCTAssertNil(plan.append)
        XCTAssertTrue(FileManager.default.fileExists(atPath: partial.path))
        XCTAssertNil(plan.resumePoint(file: partial, bytes: 10))
    }

    func test_200_isResumableOnlyWithAStrongValidator_unencoded_withRanges() throws {
        let date = "Sun, 06 Nov 1994 08:49:37 GMT"
        let later = "Sun, 06 Nov 1994 08:49:38 GMT"
        let resumable: [[String: String]] = [
            ["ETag": "\"v1\""], ["ETag": "range1000"], ["Last-Modified": date, "Date": later],
        ]
        let notResumable: [[String: String]] = [
            [:], ["ETag": "W/\"v1\""], ["ETag": "W/\"v1\"", "Last-Modified": date, "Date": later],
            ["Last-Modified": date], ["Last-Modified": date, "Date": date],
            ["ETag": "\"v1\"", "Content-Encoding": "gzip"], ["ETag": "\"v1\"", "Accept-Ranges": "none"],
        ]
        for fields in resumable {
            XCTAssertNotNil(try plan(200, fields, continuing: false)?.resumePoint(file: partial, bytes: 1), "\(fields)")
        }
        for fields in notResumable {
            XCTAssertNil(try plan(200, fields, continuing: false)?.resumePoint(file: partial, bytes: 1), "\(fields)")
        }
    }

    func test_aDownloadThePipelineCannotResume_hasNoPlan() throws {
        XCTAssertNil(try DownloadBodyPlan.make(for: nil, statusCode: 206) { _ in "bytes 0-1/2" })
    }
}
