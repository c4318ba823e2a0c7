import Courier
import CourierTestSupport
import Foundation
import XCTest

/// Multipart and file uploads as httpbin's `/post` receives them.
final class TransferMultipartWireTests: TransferWireTestCase {
    func test_multipart_postEchoesEveryFieldAndFileIntact() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let text = folder.appendingPathComponent("notes.txt")
        try Data("line one\r\nline two ✓".utf8).write(to: text)
        let binary = TransferWire.pattern(count: 200_000)
        let binaryFile = folder.appendingPathComponent("data.bin")
        try binary.write(to: binaryFile)
        let form: MultipartFormData = [
            MultipartFormBodyPart(provider: .data(Data("Ada Lovelace".utf8)), name: "name"),
            MultipartFormBodyPart(provider: .data(Data("Zoë ☕".utf8)), name: "prénom"),
            MultipartFormBodyPart(provider: .file(text), name: "notes"),
            MultipartFormBodyPart(provider: .file(binaryFile), name: "binary"),
            MultipartFormBodyPart(provider: .data(Data([0, 255, 1, 254])), name: "blob", fileName: "blob.bin"),
        ]

        // When
        let echo = try await TransferWire.post(.uploadMultipartFormData(form), to: baseURL)

        // Then
        XCTAssertEqual(echo.form, ["name": .string("Ada Lovelace"), "prénom": .string("Zoë ☕")])
        XCTAssertEqual(echo.files["notes"], .string("line one\r\nline two ✓"))
        XCTAssertEqual(
            echo.files["binary"], .string("data:application/octet-stream;base64," + binary.base64EncodedString()))
        XCTAssertEqual(echo.files["blob"], .string("data:application/octet-stream;base64,AP8B/g=="))
        XCTAssertEqual(echo.headers["Content-Type"], form.contentType)
    }

    func test_multipart_nameWithQuotesAndLineBreaks_arrivesAsOneFieldAndInjectsNothing() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let form: MultipartFormData = [
            MultipartFormBodyPart(provider: .data(Data("v".utf8)), name: "a\"b\r\nX-Injected: 1"),
            MultipartFormBodyPart(provider: .data(Data("ok".utf8)), name: "after"),
        ]

        // When
        let echo = try await TransferWire.post(.uploadMultipartFormData(form), to: baseURL)

        // Then: werkzeug decodes %22 as browsers' form encoding asks; line breaks stay escaped
        XCTAssertEqual(echo.form, ["a\"b%0D%0AX-Injected: 1": .string("v"), "after": .string("ok")])
        XCTAssertEqual(echo.files, [:])
    }

    func test_compositeMultipart_sendsURLParametersInTheQuery() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let form: MultipartFormData = [MultipartFormBodyPart(provider: .data(Data("1".utf8)), name: "field")]

        // When
        let echo = try await TransferWire.post(
            .uploadCompositeMultipartFormData(form, urlParameters: ["page": 2, "q": "a b"]), to: baseURL)

        // Then
        XCTAssertEqual(echo.args, ["page": .string("2"), "q": .string("a b")])
        XCTAssertEqual(echo.form, ["field": .string("1")])
    }

    func test_uploadFile_postEchoesTheFilesBytes() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let bytes = TransferWire.pattern(count: 300_000)
        let file = folder.appendingPathComponent("upload.bin")
        try bytes.write(to: file)

        // When
        let echo = try await TransferWire.post(.uploadFile(file), to: baseURL)

        // Then
        XCTAssertEqual(echo.data, "data:application/octet-stream;base64," + bytes.base64EncodedString())
        XCTAssertEqual(echo.headers["Content-Length"], "300000")
    }

    func test_uploadFile_missingFile_failsBeforeAnythingIsSent() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let missing = folder.appendingPathComponent("missing.bin")

        // When
        do {
            _ = try await TransferWire.post(.uploadFile(missing), to: baseURL)
            XCTFail("the upload of a missing file succeeded")
        } catch {
            // Then
            XCTAssertEqual((error as? CourierError)?.underlyingError as? TransferError, .fileNotFound(missing))
        }
    }
}

/// A test case with a fresh temporary `folder`, removed after each test.
class TransferWireTestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TransferWire.temporaryFolder()
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }  // none when set-up skipped the test
    }

    /// Iterates `transfer` in a task, cancels that task at the first event, and returns the error
    /// the iteration ended with.
    func errorCancellingTheIteratingTaskAtFirstEvent(_ transfer: ProgressSequence) async -> CourierError? {
        let firstEvent = expectation(description: "first event")
        firstEvent.assertForOverFulfill = false
        let consumer = Task {
            for try await _ in transfer { firstEvent.fulfill() }
        }
        await fulfillment(of: [firstEvent], timeout: 30)
        consumer.cancel()
        guard case .failure(let error) = await consumer.result else { return nil }
        return error as? CourierError
    }

    /// Sends `target` with the completion API, cancels its `Cancellable` at the first progress
    /// event, and returns the outcome.
    func outcomeCancelledAtFirstProgressEvent(_ target: HTTPBinTarget) async -> Result<Response, CourierError>? {
        await outcomeCancelled(target, by: Provider())
    }

    /// Sends `target` with `provider`'s completion API, cancels its `Cancellable` at the first
    /// progress event that `isDue` accepts, and returns the outcome.
    func outcomeCancelled(
        _ target: HTTPBinTarget, by provider: Provider<HTTPBinTarget>,
        once isDue: @escaping @Sendable (ProgressResponse) -> Bool = { _ in true }
    ) async -> Result<Response, CourierError>? {
        let due = expectation(description: "the progress event to cancel at")
        due.assertForOverFulfill = false
        let done = expectation(description: "completion")
        let outcome = Locked<Result<Response, CourierError>?>(nil)
        let cancellable = provider.request(
            target, callbackQueue: DispatchQueue(label: "cancel"), progress: { if isDue($0) { due.fulfill() } },
            completion: { result in
                outcome.withLock { $0 = result }
                done.fulfill()
            })
        await fulfillment(of: [due], timeout: 30)
        cancellable.cancel()
        await fulfillment(of: [done], timeout: 30)
        return outcome.value
    }
}

/// Helpers shared by the transfer wire tests.
enum TransferWire {
    /// A new empty folder in the temporary directory.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-wire-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `count` bytes of a pattern that is not valid UTF-8, so httpbin echoes it as base64.
    static func pattern(count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 7) | 0x80 })
    }

    /// POSTs `task` to `/post` and decodes httpbin's echo.
    static func post(_ task: HTTPTask, to baseURL: URL) async throws -> HTTPBinEcho {
        let provider = Provider<HTTPBinTarget>()
        return try await provider.request(
            HTTPBinTarget(baseURL, "/post", method: .post, task: task, validationType: .successCodes),
            as: HTTPBinEcho.self)
    }
}
