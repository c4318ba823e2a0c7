import Courier
import CourierTestSupport
import Foundation
import XCTest

/// What the provider does with a resume point it cannot use (issue 24 §1): a stub or a transport
/// of the app's own starts the download again, with no `Range` a transport could misread, and the
/// point's partial file goes once the download ends; a fake provider does the same by default.
final class ProviderResumeTests: TransferTestCase {
    private var partial: URL!
    private var point: DownloadResumePoint!

    override func setUpWithError() throws {
        try super.setUpWithError()
        partial = folder.appendingPathComponent("courier-download-\(UUID().uuidString).tmp")
        try Data(count: 10).write(to: partial)
        let json = """
            {"url": "https://transfer.test/files", "partialFileURL": "\(partial.absoluteString)",
             "bytesReceived": 10, "totalBytes": 100, "entityTag": "\\"v1\\""}
            """
        point = try JSONDecoder().decode(DownloadResumePoint.self, from: Data(json.utf8))
    }

    private var download: TransferTarget {
        let destination = folder.appendingPathComponent("report.bin")
        return TransferTarget(
            method: .get, task: .downloadDestination { _, _ in (destination, [.removePreviousFile]) })
    }

    func test_transportOfTheAppsOwn_getsNoRange_andThePartialFileIsRemovedAtTheEnd() async throws {
        // Given
        let transport = ScriptedTransport()
        let provider = Provider<TransferTarget>(transport: transport)

        // When
        _ = try await provider.request(download, resumingFrom: point)

        // Then
        XCTAssertNil(transport.requests.first?.urlRequest.value(forHTTPHeaderField: "Range"))
        XCTAssertNil(transport.requests.first?.urlRequest.value(forHTTPHeaderField: "If-Range"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: partial.path))
    }

    func test_stubbedDownload_resumingFromAPoint_endsAndRemovesThePartialFile() async throws {
        // Given
        let provider = Provider<TransferTarget>(stubClosure: Provider.immediatelyStub)

        // When
        let response = try await provider.request(download, resumingFrom: point)

        // Then
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertFalse(FileManager.default.fileExists(atPath: partial.path))
    }

    func test_fakeProviderType_startsAgain_andRemovesThePartialFile() async throws {
        // Given
        let fake = FakeDownloads()

        // When
        let response = try await fake.request(download, resumingFrom: point)

        // Then
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertFalse(FileManager.default.fileExists(atPath: partial.path))
    }

    func test_nilPoint_isAPlainRequest() async throws {
        // Given
        let transport = ScriptedTransport()
        let provider = Provider<TransferTarget>(transport: transport)

        // When
        _ = try await provider.request(download, resumingFrom: nil)

        // Then
        XCTAssertEqual(transport.sentCount, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: partial.path), "a point nobody passed is not touched")
    }
}

/// A fake that implements only the plain `request`.
private struct FakeDownloads: ProviderType {
    func request(_ target: TransferTarget) async throws(CourierError) -> Response {
        Response(statusCode: 200, data: Data())
    }
}
