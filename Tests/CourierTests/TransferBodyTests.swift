import Courier
import CourierTestSupport
import Foundation
import XCTest

/// Bad upload and download input fails with a clear `CourierError` before anything is sent.
final class TransferBodyTests: TransferTestCase {
    func test_uploadFile_missingFile_failsWithFileNotFoundBeforeSending() async {
        // Given
        let missing = folder.appendingPathComponent("missing.bin")
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .uploadFile(missing))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .fileNotFound(missing))
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_uploadFile_folderInsteadOfFile_failsWithFileNotReadableBeforeSending() async {
        // Given
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .uploadFile(folder))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .fileNotReadable(folder))
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_multipart_emptyForm_failsWithEmptyMultipartBodyBeforeSending() async {
        // Given
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .uploadMultipartFormData([]))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .emptyMultipartBody)
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_multipart_missingFilePart_failsWithFileNotFoundBeforeSending() async {
        // Given
        let missing = folder.appendingPathComponent("photo.png")
        let form: MultipartFormData = [
            MultipartFormBodyPart(provider: .data(Data("Ada".utf8)), name: "name"),
            MultipartFormBodyPart(provider: .file(missing), name: "photo"),
        ]
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .uploadMultipartFormData(form))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .fileNotFound(missing))
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_multipart_boundaryWithLineBreak_failsWithInvalidBoundary() async {
        // Given
        let form = MultipartFormData(
            parts: [MultipartFormBodyPart(provider: .data(Data("x".utf8)), name: "a")], boundary: "evil\r\nX-A: 1")
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .uploadMultipartFormData(form))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .invalidBoundary("evil\r\nX-A: 1"))
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_multipart_dataPartContainingBoundary_failsWithBoundaryInPart() async {
        // Given
        let form = MultipartFormData(
            parts: [MultipartFormBodyPart(provider: .data(Data("a\r\n--fixed--\r\n".utf8)), name: "note")],
            boundary: "fixed")
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .uploadMultipartFormData(form))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .boundaryInPart(name: "note"))
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_download_fileInTheWayOfFolder_failsWithDestinationNotWritableBeforeSending() async throws {
        // Given
        let blocker = folder.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let destination = blocker.appendingPathComponent("sub/file.bin")
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .downloadDestination(Self.saving(to: destination, .all)))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .destinationNotWritable(destination))
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_download_folderAtDestination_failsWithDestinationNotWritableEvenWithRemovePreviousFile() async {
        // Given
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .downloadDestination(Self.saving(to: folder, .all)))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .destinationNotWritable(folder))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path))
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_download_existingFileWithoutRemovePreviousFile_failsWithDestinationExistsBeforeSending() async throws {
        // Given
        let destination = folder.appendingPathComponent("kept.bin")
        try Data("previous".utf8).write(to: destination)
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .downloadDestination(Self.saving(to: destination, [])))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .destinationExists(destination))
        XCTAssertEqual(try Data(contentsOf: destination), Data("previous".utf8))
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_download_missingFolderWithoutCreateIntermediateDirectories_failsBeforeSending() async {
        // Given
        let destination = folder.appendingPathComponent("a/b/file.bin")
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .downloadDestination(Self.saving(to: destination, [])))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .destinationFolderMissing(destination))
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_download_readOnlyFolder_failsWithDestinationNotWritableBeforeSending() async throws {
        // Given
        let readOnly = try Self.readOnlyFolder(in: folder)
        let destination = readOnly.appendingPathComponent("courier-download.bin")
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .downloadDestination(Self.saving(to: destination, .all)))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .destinationNotWritable(destination))
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_download_stubbed_skipsDestinationCheckAndReturnsSampleData() async throws {
        // Given
        let target = TransferTarget(
            task: .downloadDestination(Self.saving(to: folder, [])), sampleData: Data("sample".utf8))
        let provider = Provider<TransferTarget>(stubClosure: Provider.immediatelyStub)

        // When
        let response = try await provider.request(target)

        // Then
        XCTAssertEqual(response.data, Data("sample".utf8))
        XCTAssertNil(response.fileURL)
    }

    func test_badInput_pluginsHearOneWillSendAndOneFailure() async {
        // Given
        let plugin = CountingPlugin()
        let transport = ScriptedTransport()

        // When
        _ = await transport.failure(of: .uploadFile(folder.appendingPathComponent("missing")), plugins: [plugin])

        // Then
        XCTAssertEqual(plugin.willSendCount, 1)
        XCTAssertEqual(plugin.failures, 1)
    }

    /// A folder this process cannot write to: a `0555` folder, or `/proc/self` when permissions do
    /// not bind the user (root).
    static func readOnlyFolder(in parent: URL) throws -> URL {
        let readOnly = parent.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
        if !FileManager.default.isWritableFile(atPath: readOnly.path) { return readOnly }
        let procSelf = URL(fileURLWithPath: "/proc/self")
        try XCTSkipIf(
            FileManager.default.isWritableFile(atPath: procSelf.path)
                || !FileManager.default.fileExists(atPath: "/proc/self"),
            "no read-only folder for this user")
        return procSelf
    }

    static func saving(to fileURL: URL, _ options: DownloadOptions) -> DownloadDestination {
        { _, _ in (fileURL, options) }
    }
}

extension DownloadOptions {
    /// Both options.
    static let all: DownloadOptions = [.removePreviousFile, .createIntermediateDirectories]
}

// MARK: - Test doubles shared by the Transfer tests

/// A test case with a fresh temporary `folder`, removed after each test.
class TransferTestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-transfer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A target whose task is given per instance; its base URL is never contacted.
struct TransferTarget: TargetType {
    var baseURL: URL { URL(string: "https://transfer.test")! }
    var path: String = "/files"
    var method: HTTPMethod = .post
    var task: HTTPTask
    var headers: [String: String]?
    var sampleData = Data()
    var validationType: ValidationType = .none
}

/// A transport that records what it is asked to send (including the body file's bytes, read
/// while sending) and answers with `answer`.
final class ScriptedTransport: HTTPTransport {
    typealias Answer = @Sendable (TransportRequest) async throws -> TransportResponse

    private let answer: Answer
    private let sent = Locked<[TransportRequest]>([])
    private let bodies = Locked<[Data]>([])

    init(answer: @escaping Answer = { try ScriptedTransport.ok($0) }) {
        self.answer = answer
    }

    var sentCount: Int { sent.value.count }
    var requests: [TransportRequest] { sent.value }
    /// The bytes of each request's body file, in order.
    var bodyFiles: [Data] { bodies.value }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        sent.append(request)
        if case .file(let fileURL) = request.body { bodies.append(try Data(contentsOf: fileURL)) }
        return try await answer(request)
    }

    /// `200` with an empty body.
    static func ok(_ request: TransportRequest, status: Int = 200, data: Data = Data()) throws -> TransportResponse {
        let url = try XCTUnwrap(request.urlRequest.url)
        let response = try XCTUnwrap(HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil))
        return TransportResponse(response: response, data: data)
    }

    /// The failure of sending `task` through a provider on this transport, or `nil` on success.
    func failure(of task: HTTPTask, plugins: [any PluginType] = []) async -> CourierError? {
        let provider = Provider<TransferTarget>(transport: self, plugins: plugins)
        do {
            _ = try await provider.request(TransferTarget(task: task))
            return nil
        } catch {
            return error
        }
    }
}

/// Counts `willSend` calls and failures seen by `didReceive`.
final class CountingPlugin: PluginType {
    private let counts = Locked((willSend: 0, failures: 0, successes: 0))

    var willSendCount: Int { counts.value.willSend }
    var failures: Int { counts.value.failures }
    var successes: Int { counts.value.successes }

    func willSend(_ request: any RequestType, target: any TargetType) {
        counts.withLock { $0.willSend += 1 }
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        counts.withLock { counts in
            if case .success = result { counts.successes += 1 } else { counts.failures += 1 }
        }
    }
}
