import Courier
import CourierTestSupport
import Foundation
import XCTest

/// What the pipeline does with a downloaded file: reports it, and removes it when the request
/// fails after all. (The transport's own saving is proven against httpbin.)
final class TransferDownloadTests: TransferTestCase {
    func test_download_success_reportsTheFileAndKeepsIt() async throws {
        // Given
        let destination = folder.appendingPathComponent("ok.bin")
        let provider = Provider<TransferTarget>(transport: savingTransport(status: 200))

        // When
        let response = try await provider.request(Self.download(to: destination))

        // Then
        XCTAssertEqual(response.fileURL, destination)
        XCTAssertEqual(try Data(contentsOf: destination), Data("body".utf8))
        XCTAssertTrue(response.data.isEmpty)
    }

    func test_download_statusValidationFailure_keepsThePreviousFileAndLeavesNoOtherFile() async throws {
        // Given
        let destination = folder.appendingPathComponent("kept.bin")
        try Data("previous".utf8).write(to: destination)
        let provider = Provider<TransferTarget>(transport: savingTransport(status: 404))
        var target = Self.download(to: destination)
        target.validationType = .successCodes

        // When
        let error = await failure(provider, target)

        // Then
        XCTAssertEqual(error?.response?.statusCode, 404)
        XCTAssertEqual(try Data(contentsOf: destination), Data("previous".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["kept.bin"])
    }

    func test_download_pluginTurningSuccessIntoFailure_removesTheDownloadedFile() async throws {
        // Given
        let destination = folder.appendingPathComponent("rejected.bin")
        let provider = Provider<TransferTarget>(
            transport: savingTransport(status: 200), plugins: [RejectingPlugin()])

        // When
        let error = await failure(provider, Self.download(to: destination))

        // Then
        XCTAssertNotNil(error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
    }

    func test_multipart_cancelledWhileTheBodyIsWritten_failsWithCancellation() async throws {
        // Given: a 256 MiB sparse file part, so that writing the body takes a while
        let big = folder.appendingPathComponent("big.bin")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 256 << 20)
        try handle.close()
        let form: MultipartFormData = [MultipartFormBodyPart(provider: .file(big), name: "big")]
        let transport = TransferProgressTests.waitingUntilCancelled()
        let plugin = CountingPlugin()
        let provider = Provider<TransferTarget>(transport: transport, plugins: [plugin])
        let done = expectation(description: "completion")
        let outcome = Locked<Result<Response, CourierError>?>(nil)

        // When
        let cancellable = provider.request(
            TransferTarget(task: .uploadMultipartFormData(form)), callbackQueue: DispatchQueue(label: "cancel")
        ) { result in
            outcome.withLock { $0 = result }
            done.fulfill()
        }
        cancellable.cancel()
        await fulfillment(of: [done], timeout: 30)

        // Then
        guard case .failure(let error) = outcome.value else { return XCTFail("the request did not fail") }
        XCTAssertTrue(error.isCancelled)
        XCTAssertEqual(plugin.failures, 1)
    }

    // MARK: - Helpers

    private static func download(to destination: URL) -> TransferTarget {
        TransferTarget(
            method: .get, task: .downloadDestination(TransferBodyTests.saving(to: destination, .all)))
    }

    /// A transport that saves `body` where the request's destination says, as a real one does,
    /// from a temporary file in the test's folder.
    private func savingTransport(status: Int) -> ScriptedTransport {
        let temporaryURL = folder.appendingPathComponent("temporary")
        return ScriptedTransport { request in
            let answer = try ScriptedTransport.ok(request, status: status)
            let destination = try XCTUnwrap(request.destination)
            let (fileURL, _) = destination(temporaryURL, answer.response)
            try Data("body".utf8).write(to: fileURL)
            return TransportResponse(response: answer.response, fileURL: fileURL)
        }
    }

    private func failure(_ provider: Provider<TransferTarget>, _ target: TransferTarget) async -> CourierError? {
        do {
            _ = try await provider.request(target)
            return nil
        } catch {
            return error
        }
    }
}

/// Turns every success into a failure, as a validating plugin would.
private struct RejectingPlugin: PluginType {
    func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<Response, CourierError> {
        if case .success(let response) = result { return .failure(.statusCode(response)) }
        return result
    }
}
