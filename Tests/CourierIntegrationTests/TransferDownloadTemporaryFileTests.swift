import Courier
import CourierTestSupport
import Foundation
import XCTest

/// A download that fails or is cancelled leaves no file anywhere (issue 13 §7): not at its
/// destination, not in the transport's temporary folder, and no `<UUID>.tmp` of
/// FoundationNetworking's in the system's temporary folder, whatever the server does wrong.
final class TransferDownloadTemporaryFileTests: TransferWireTestCase {
    private var base: URL!
    /// The transport's temporary folder, apart from the destination's.
    private var temporary: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        base = try MisbehavingServer.baseURL()
        temporary = try TransferWire.temporaryFolder()
    }

    override func tearDownWithError() throws {
        if let temporary { try? FileManager.default.removeItem(at: temporary) }
        try super.tearDownWithError()
    }

    func test_connectionClosedMidBody_leavesNoFile() async throws {
        try await assertFailedDownloadLeavesNoFile("/close-mid-body")
    }

    func test_bodyShorterThanContentLength_leavesNoFile() async throws {
        try await assertFailedDownloadLeavesNoFile("/short-body")
    }

    func test_stalledBody_timedOut_leavesNoFile() async throws {
        try await assertFailedDownloadLeavesNoFile("/stall", timeout: 1) { error in
            XCTAssertEqual((error.underlyingError as? URLError)?.code, .timedOut, "\(error)")
        }
    }

    func test_cancelledMidBody_leavesNoFile() async throws {
        try await assertFailedDownloadLeavesNoFile(
            "/endless", parameters: ["id": UUID().uuidString], cancelAfter: .milliseconds(300)
        ) { error in
            XCTAssertTrue(error.isCancelled, "\(error)")
        }
    }

    func test_completedDownload_leavesOnlyTheDestination() async throws {
        // Given
        let destination = folder.appendingPathComponent("ok.json")

        // When
        let response = try await provider().request(TransferWire.download(base, "/ok", to: destination))

        // Then
        XCTAssertEqual(response.fileURL, destination)
        XCTAssertEqual(try Data(contentsOf: destination), Data(#"{"ok": true}"#.utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
    }

    // MARK: - Helpers

    private func provider() -> Provider<HTTPBinTarget> {
        Provider(
            transport: URLSessionTransport(
                configuration: URLSessionTransport.defaultConfiguration(), temporaryDirectory: temporary))
    }

    /// Downloads `path`, which fails (or is cancelled after `cancelAfter`), and checks that no file
    /// was left behind.
    private func assertFailedDownloadLeavesNoFile(
        _ path: String, parameters: [String: any Sendable] = [:], timeout: TimeInterval = 5,
        cancelAfter delay: Duration? = nil,
        _ check: (CourierError) -> Void = { _ in }, line: UInt = #line
    ) async throws {
        // Given
        let destination = folder.appendingPathComponent("download.bin")
        let target = HTTPBinTarget(
            base, path,
            task: .downloadParameters(
                parameters: parameters, encoding: URLEncoding.queryString,
                destination: { _, _ in (destination, [.removePreviousFile]) }),
            validationType: .successCodes, timeoutInterval: timeout)
        let foundationFilesBefore = Self.foundationTemporaryFiles()

        // When
        let download = Task { [provider = provider()] in await provider.result(target) }
        if let delay {
            try await Task.sleep(for: delay)
            download.cancel()
        }
        let result = await download.value

        // Then
        guard case .failure(let error) = result else { return XCTFail("the download succeeded", line: line) }
        check(error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path), line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], line: line)
        XCTAssertEqual(Self.foundationTemporaryFiles().subtracting(foundationFilesBefore), [], line: line)
    }

    /// The names in the system's temporary folder shaped like FoundationNetworking's download
    /// files: `<UUID>.tmp`.
    private static func foundationTemporaryFiles() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []
        return Set(
            names.filter { name in
                name.hasSuffix(".tmp") && UUID(uuidString: String(name.dropLast(4))) != nil
            })
    }
}
