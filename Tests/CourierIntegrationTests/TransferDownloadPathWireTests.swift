import Courier
import CourierTestSupport
import Foundation
import XCTest

/// Downloads with and without progress to report (both written by `FileDownload` from the session
/// delegate's callbacks) end the same way.
final class TransferDownloadPathWireTests: TransferWireTestCase {
    func test_downloadWithoutProgress_cancellingTheTask_stopsPromptlyAndLeavesNoFile() async throws {
        // Given: 100 KiB in 1 KiB chunks over 30 seconds
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("slow.bin")
        let target = TransferWire.download(
            baseURL, "/range/102400", parameters: ["chunk_size": 1024, "duration": 30], to: destination)
        let started = ContinuousClock.now

        // When
        let download = Task { try await Provider<HTTPBinTarget>().request(target) }
        try await Task.sleep(for: .milliseconds(500))
        download.cancel()
        let result = await download.result

        // Then
        guard case .failure(let error) = result else { return XCTFail("the download was not cancelled") }
        XCTAssertTrue((error as? CourierError)?.isCancelled ?? false, "\(error)")
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(20), "the transfer ran on after the cancel")
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
        // httpbin's /range sends an ETag: what arrived is kept for a resume, which this test gives up.
        (error as? CourierError)?.resumePoint?.discard()
    }

    func test_downloadWithoutProgress_unauthorized_failsWithThe401AndLeavesNoFile() async throws {
        try await assertUnauthorizedDownload(withProgress: false)
    }

    func test_downloadWithProgress_unauthorized_failsWithThe401AndLeavesNoFile() async throws {
        try await assertUnauthorizedDownload(withProgress: true)
    }

    /// httpbin's `/basic-auth` answers 401 with `WWW-Authenticate`, which FoundationNetworking
    /// turns into an authentication challenge.
    private func assertUnauthorizedDownload(withProgress: Bool, line: UInt = #line) async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("private.json")
        let target = TransferWire.download(baseURL, "/basic-auth/ann/secret", to: destination)
        let provider = Provider<HTTPBinTarget>()

        // When
        do {
            if withProgress {
                for try await _ in provider.requestWithProgress(target) {}
            } else {
                _ = try await provider.request(target)
            }
            XCTFail("a 401 passed validation", line: line)
        } catch {
            // Then
            XCTAssertEqual(error.response?.statusCode, 401, "\(error)", line: line)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path), line: line)
    }
}
