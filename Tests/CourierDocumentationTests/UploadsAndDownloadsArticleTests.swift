import Courier
import CourierTestSupport
import XCTest

// The Uploads and Downloads article's code, line for line.
private enum Files: TargetType {
    case upload(URL)
    case profile(name: String, photo: URL)
    case report(id: Int, to: URL)

    var baseURL: URL { URL(string: "https://files.example.com")! }
    var path: String {
        switch self {
        case .upload: "/uploads"
        case .profile: "/profile"
        case .report(let id, _): "/reports/\(id)"
        }
    }
    var method: HTTPMethod {
        switch self {
        case .upload, .profile: .post
        case .report: .get
        }
    }
    var task: HTTPTask {
        switch self {
        case .upload(let file):
            .uploadFile(file)
        case .profile(let name, let photo):
            .uploadMultipartFormData([
                MultipartFormBodyPart(provider: .data(Data(name.utf8)), name: "name"),
                MultipartFormBodyPart(provider: .file(photo), name: "photo", mimeType: "image/jpeg"),
            ])
        case .report(_, let destination):
            .downloadDestination { _, _ in (destination, [.createIntermediateDirectories, .removePreviousFile]) }
        }
    }
    var validationType: ValidationType { .successCodes }
}

/// The article's examples, run against httpbin: its targets' paths are mapped to httpbin's echo
/// endpoints, and report 7 is 7 KiB of bytes.
final class UploadsAndDownloadsArticleTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-article-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func httpbinProvider() throws -> Provider<Files> {
        let server = try HTTPBin.baseURL().absoluteString
        return Provider<Files>(endpointClosure: { target in
            let path =
                switch target {
                case .upload, .profile: "/post"
                case .report(let id, _): "/bytes/\(id * 1024)"
                }
            return Endpoint(
                url: server + path, sampleResponseClosure: { .networkResponse(200, Data()) }, method: target.method,
                task: target.task, httpHeaderFields: target.headers)
        })
    }

    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(
            in: "Sources/Courier/Courier.docc/UploadsAndDownloads.md", section: "## Overview", by: #filePath)
    }

    func test_uploadWithProgress_reachesOneOnceAndTheServerGetsTheFile() async throws {
        // Given
        let provider = try httpbinProvider()
        let video = folder.appendingPathComponent("video.bin")
        try Data(repeating: 0x61, count: 80_000).write(to: video)
        var fractions: [Double] = []

        // When
        let upload = provider.requestWithProgress(.upload(video))
        for try await event in upload {
            print("\(Int(event.progress * 100)) %")
            fractions.append(event.progress)
        }
        let response = try await upload.response

        // Then
        XCTAssertEqual(fractions.filter { $0 == 1 }.count, 1)
        XCTAssertEqual(fractions.last, 1)
        XCTAssertEqual(fractions, fractions.sorted())
        let echo = try response.map(HTTPBinEcho.self)
        XCTAssertEqual(echo.data.count, 80_000)
    }

    func test_downloadWithProgress_savesTheFileAndReportsBytes() async throws {
        // Given
        let provider = try httpbinProvider()
        let reportURL = folder.appendingPathComponent("reports/7.bin")
        var lastBytes: Int64 = 0

        // When
        let download = provider.requestWithProgress(.report(id: 7, to: reportURL))
        for try await event in download {
            if let total = event.totalUnitCount {
                print("\(event.completedUnitCount) of \(total) bytes")
            } else {
                print("\(event.completedUnitCount) bytes")
            }
            lastBytes = event.completedUnitCount
        }
        let saved = try await download.response.fileURL

        // Then
        XCTAssertEqual(saved, reportURL)
        XCTAssertEqual(try Data(contentsOf: reportURL).count, 7 * 1024)
        XCTAssertEqual(lastBytes, 7 * 1024)
    }

    /// The article's call, as written; the test below runs it with its results collected.
    private func articleProfileUpload(_ provider: Provider<Files>, photoURL: URL) {
        provider.request(
            .profile(name: "Ada", photo: photoURL),
            progress: { event in print(event.progress, event.completed) },
            completion: { result in print(result) })
    }

    func test_multipartWithProgressBlock_sendsBothPartsAndCompletes() throws {
        // Given
        let provider = try httpbinProvider()
        let photoURL = folder.appendingPathComponent("ada.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: photoURL)
        let events = Locked<[ProgressResponse]>([])
        let outcome = Locked<Result<Response, CourierError>?>(nil)
        let finished = expectation(description: "completion")

        // When
        provider.request(
            .profile(name: "Ada", photo: photoURL),
            progress: { event in events.append(event) },
            completion: { result in
                outcome.withLock { $0 = result }
                finished.fulfill()
            })
        wait(for: [finished], timeout: 30)

        // Then
        let echo = try XCTUnwrap(outcome.value).get().map(HTTPBinEcho.self)
        XCTAssertEqual(echo.form["name"], .string("Ada"))
        XCTAssertNotNil(echo.files["photo"])
        XCTAssertEqual(events.value.last?.completed, true, "the final event came before the completion")
        XCTAssertEqual(events.value.filter(\.completed).count, 1)
    }

    func test_guardedProvider_refusesALargerBody() async throws {
        // Given: a 1 KiB limit and a 7 KiB answer
        let server = try HTTPBin.baseURL()
        let guarded = Provider<Files>(maximumResponseSize: 10 * 1024 * 1024)
        XCTAssertEqual(guarded.maximumResponseSize, 10_485_760)
        let small = Provider<HTTPBinTarget>(maximumResponseSize: 1024)

        // When
        do {
            _ = try await small.request(HTTPBinTarget(server, "/bytes/7168"))
            XCTFail("a 7 KiB body passed a 1 KiB limit")
        } catch {
            // Then
            XCTAssertTrue(error.underlyingError is ResponseTooLargeError, "\(error)")
        }
    }

    func test_missingUploadFile_failsBeforeSendingWithTransferError() async throws {
        let provider = Provider<Files>()
        let missing = folder.appendingPathComponent("nothing-here.mov")
        do {
            _ = try await provider.request(.upload(missing))
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(error.underlyingError as? TransferError, .fileNotFound(missing))
        }
    }
}
