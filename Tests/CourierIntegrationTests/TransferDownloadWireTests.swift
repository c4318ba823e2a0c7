import Courier
import CourierTestSupport
import Foundation
import XCTest

/// Downloads from httpbin to disk: byte-exact files, the destination options, and no file left
/// behind by a failed or cancelled download.
final class TransferDownloadWireTests: TransferWireTestCase {
    func test_downloadBytes_savesTheSameBytesAsAnInMemoryFetch() async throws {
        // When
        let (download, inMemory) = try await downloadAndFetch("/bytes/102400", parameters: ["seed": 7])

        // Then
        XCTAssertTrue(download.data.isEmpty)
        XCTAssertEqual(inMemory.data.count, 102_400)
        XCTAssertEqual(try Data(contentsOf: XCTUnwrap(download.fileURL)), inMemory.data)
    }

    func test_downloadStreamBytes_chunkedWithoutLength_savesTheSameBytesAsAnInMemoryFetch() async throws {
        // When
        let (download, inMemory) = try await downloadAndFetch(
            "/stream-bytes/102400", parameters: ["seed": 11, "chunk_size": 1000])

        // Then
        XCTAssertNil(download.response?.value(forHTTPHeaderField: "Content-Length"))
        XCTAssertEqual(inMemory.data.count, 102_400)
        XCTAssertEqual(try Data(contentsOf: XCTUnwrap(download.fileURL)), inMemory.data)
    }

    func test_downloadRange_savesExactlyTheServersAlphabetPattern() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("range.bin")

        // When
        _ = try await Provider<HTTPBinTarget>().request(
            TransferWire.download(baseURL, "/range/102400", parameters: ["chunk_size": 999], to: destination))

        // Then: byte i is "a" + i % 26
        let expected = Data((0..<102_400).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        XCTAssertEqual(try Data(contentsOf: destination), expected)
    }

    /// Downloads `path` to a file and fetches it again into memory, until both agree or five
    /// attempts failed. httpbin's `seed` makes the bytes repeatable, but its random generator is
    /// shared by the server's threads: a concurrent request for random data can change them. A
    /// download that corrupted bytes would fail all five attempts.
    private func downloadAndFetch(_ path: String, parameters: [String: any Sendable]) async throws
        -> (download: Response, inMemory: Response)
    {
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("download.bin")
        let provider = Provider<HTTPBinTarget>()
        var attempt: (download: Response, inMemory: Response)?
        for _ in 0..<5 {
            let download = try await provider.request(
                TransferWire.download(baseURL, path, parameters: parameters, to: destination))
            let inMemory = try await provider.request(
                HTTPBinTarget(
                    baseURL, path, task: .requestParameters(parameters: parameters, encoding: URLEncoding.queryString)))
            attempt = (download, inMemory)
            if try Data(contentsOf: destination) == inMemory.data { break }
        }
        let result = try XCTUnwrap(attempt)
        XCTAssertEqual(result.download.fileURL, destination)
        return result
    }

    func test_maximumResponseSize_limitsBodiesInMemoryButNotDownloads() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("large.bin")
        let provider = Provider<HTTPBinTarget>(maximumResponseSize: 1000)

        // When
        let download = try await provider.request(TransferWire.download(baseURL, "/range/102400", to: destination))
        do {
            _ = try await provider.request(HTTPBinTarget(baseURL, "/range/102400"))
            XCTFail("a body larger than the limit was kept in memory")
        } catch {
            // Then
            XCTAssertEqual((error.underlyingError as? ResponseTooLargeError)?.limit, 1000)
        }
        XCTAssertEqual(try Data(contentsOf: XCTUnwrap(download.fileURL)).count, 102_400)
    }

    func test_download_removePreviousFile_replacesTheExistingFile() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("replaced.bin")
        try Data("previous".utf8).write(to: destination)

        // When
        _ = try await Provider<HTTPBinTarget>().request(
            TransferWire.download(baseURL, "/bytes/1000", to: destination, options: .removePreviousFile))

        // Then
        XCTAssertEqual(try Data(contentsOf: destination).count, 1000)
    }

    func test_download_createIntermediateDirectories_createsTheMissingFolders() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("a/b/c/file.bin")

        // When
        let response = try await Provider<HTTPBinTarget>().request(
            TransferWire.download(baseURL, "/bytes/1000", to: destination, options: .createIntermediateDirectories))

        // Then
        XCTAssertEqual(response.fileURL, destination)
        XCTAssertEqual(try Data(contentsOf: destination).count, 1000)
    }

    func test_download_destinationChosenFromTheResponse_receivesTheRealResponse() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let seen = Locked<[Int]>([])
        let folder = self.folder!
        let destination: DownloadDestination = { _, response in
            seen.append(response.statusCode)
            return (folder.appendingPathComponent("status-\(response.statusCode).txt"), [])
        }

        // When
        let response = try await Provider<HTTPBinTarget>().request(
            HTTPBinTarget(baseURL, "/status/203", task: .downloadDestination(destination)))

        // Then: asked once before sending (provisional 200), once with the real answer
        XCTAssertEqual(seen.value, [200, 203])
        XCTAssertEqual(response.fileURL, folder.appendingPathComponent("status-203.txt"))
    }

    func test_download_statusValidationFailure_keepsThePreviousFileAndSavesNothing() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("kept.html")
        try Data("previous".utf8).write(to: destination)
        let target = TransferWire.download(baseURL, "/status/404", to: destination, options: .removePreviousFile)

        // When
        do {
            _ = try await Provider<HTTPBinTarget>().request(target)
            XCTFail("a 404 download passed validation")
        } catch {
            // Then
            XCTAssertEqual(error.response?.statusCode, 404)
            let rejected = try XCTUnwrap(error.response?.fileURL)
            XCTAssertNotEqual(rejected, destination)
            XCTAssertFalse(FileManager.default.fileExists(atPath: rejected.path))
        }
        XCTAssertEqual(try Data(contentsOf: destination), Data("previous".utf8))
    }

    func test_download_pluginRejectingTheResponse_leavesNoFileAtTheDestination() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("rejected.bin")
        let provider = Provider<HTTPBinTarget>(plugins: [FailingEverything()])

        // When
        do {
            _ = try await provider.request(TransferWire.download(baseURL, "/bytes/100", to: destination))
            XCTFail("the plugin's failure was lost")
        } catch {
            // Then
            XCTAssertEqual(error.response?.fileURL, destination)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
    }

    func test_download_existingFileWithoutRemovePreviousFile_failsBeforeSendingAndKeepsTheFile() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("kept.bin")
        try Data("previous".utf8).write(to: destination)
        let plugin = SentRequests()

        // When
        do {
            _ = try await Provider<HTTPBinTarget>(plugins: [plugin]).request(
                TransferWire.download(baseURL, "/bytes/10", to: destination, options: []))
            XCTFail("the download replaced a file without .removePreviousFile")
        } catch {
            // Then
            XCTAssertEqual(error.underlyingError as? TransferError, .destinationExists(destination))
        }
        XCTAssertEqual(try Data(contentsOf: destination), Data("previous".utf8))
        XCTAssertEqual(plugin.responses.count, 1)
        XCTAssertNil(plugin.responses.first ?? nil)
    }

    func test_downloadParameters_sendsTheParametersAndSavesTheBody() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("echo.json")

        // When
        _ = try await Provider<HTTPBinTarget>().request(
            TransferWire.download(baseURL, "/anything", parameters: ["q": "courier"], to: destination))

        // Then
        let echo = try JSONDecoder().decode(HTTPBinEcho.self, from: Data(contentsOf: destination))
        XCTAssertEqual(echo.args, ["q": .string("courier")])
    }

    func test_download_cancelledMidTransfer_failsWithCancellationAndLeavesNoFile() async throws {
        // Given: 100 KiB in 1 KiB chunks over 30 seconds
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("slow.bin")
        let target = TransferWire.download(
            baseURL, "/range/102400", parameters: ["chunk_size": 1024, "duration": 30], to: destination)

        // When
        let outcome = await outcomeCancelledAtFirstProgressEvent(target)

        // Then
        guard case .failure(let error) = outcome else { return XCTFail("the download was not cancelled") }
        XCTAssertTrue(error.isCancelled)
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
        // httpbin's /range sends an ETag: what arrived is kept for a resume, which this test gives up.
        error.resumePoint?.discard()
    }

    func test_progressSequence_cancellingTheTaskMidDownload_failsWithCancellationAndLeavesNoFile() async throws {
        // Given: 100 KiB in 1 KiB chunks over 30 seconds
        let baseURL = try HTTPBin.baseURL()
        let destination = folder.appendingPathComponent("slow.bin")
        let transfer = Provider<HTTPBinTarget>().requestWithProgress(
            TransferWire.download(
                baseURL, "/range/102400", parameters: ["chunk_size": 1024, "duration": 30], to: destination))

        // When
        let error = await errorCancellingTheIteratingTaskAtFirstEvent(transfer)

        // Then
        XCTAssertTrue(error?.isCancelled ?? false)
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
        // httpbin's /range sends an ETag: what arrived is kept for a resume, which this test gives up.
        error?.resumePoint?.discard()
    }
}

/// Turns every success into a status-code failure.
private struct FailingEverything: PluginType {
    func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<Response, CourierError> {
        result.flatMap { .failure(.statusCode($0)) }
    }
}

/// Records the responses plugins see.
final class SentRequests: PluginType {
    private let received = Locked<[Response?]>([])

    /// The response of each result; `nil` for failures without one.
    var responses: [Response?] { received.value }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        switch result {
        case .success(let response): received.append(response)
        case .failure(let error): received.append(error.response)
        }
    }
}

extension TransferWire {
    /// A download of `path` with `parameters` in the query, saved to `destination`.
    static func download(
        _ baseURL: URL, _ path: String, parameters: [String: any Sendable] = [:], to destination: URL,
        options: DownloadOptions = [.removePreviousFile, .createIntermediateDirectories]
    ) -> HTTPBinTarget {
        HTTPBinTarget(
            baseURL, path,
            task: .downloadParameters(
                parameters: parameters, encoding: URLEncoding.queryString,
                destination: { _, _ in (destination, options) }),
            validationType: .successCodes)
    }
}
