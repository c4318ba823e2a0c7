import CourierPlugins
import Foundation
import XCTest

@testable import Courier

/// `RetryPlugin` and a download that failed part-way (issue 24 §1): the retry's reason says from
/// which byte it resumes, and when the retries run out the error still carries the resume point.
/// (That the retry really resumes is proven on the wire, `DownloadResumeWireTests`.)
final class RetryPluginResumeTests: XCTestCase {
    private struct Download: TargetType {
        var baseURL: URL { URL(string: "https://files.example")! }
        var path: String { "/report.pdf" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .downloadDestination { url, _ in (url, []) } }
    }

    private func droppedDownload() throws -> (CourierError, DownloadResumePoint) {
        let point = DownloadResumePoint(
            url: try XCTUnwrap(URL(string: "https://files.example/report.pdf")),
            partialFileURL: FileManager.default.temporaryDirectory
                .appendingPathComponent("courier-download-\(UUID().uuidString).tmp"),
            bytesReceived: 524_288, totalBytes: 1 << 20, entityTag: "\"v1\"", lastModified: nil)
        return (.underlying(URLError(.networkConnectionLost).carrying(point), nil), point)
    }

    func test_retryOfADroppedDownload_namesTheByteItResumesAt() throws {
        // Given
        let (error, _) = try droppedDownload()
        let plugin = RetryPlugin(policy: RetryPolicy(baseDelay: 0), random: { 0 })

        // When
        let decision = plugin.retrySynchronously(
            .failure(error), target: Download(), context: RetryContext(attempt: 1, request: nil))

        // Then
        guard case .retry(_, let reason) = decision else { return XCTFail("\(decision)") }
        XCTAssertEqual(reason, "URLError -1005, resuming at byte 524288")
    }

    func test_givingUp_keepsTheResumePointReachable() throws {
        // Given
        let (error, point) = try droppedDownload()
        let plugin = RetryPlugin(policy: RetryPolicy(maximumAttempts: 2, baseDelay: 0))

        // When
        let decision = plugin.retrySynchronously(
            .failure(error), target: Download(), context: RetryContext(attempt: 2, request: nil))

        // Then
        guard case .fail(let final) = decision else { return XCTFail("\(decision)") }
        XCTAssertTrue(final.underlyingError is RetryLimitReachedError)
        XCTAssertEqual(final.resumePoint, point)
    }
}
