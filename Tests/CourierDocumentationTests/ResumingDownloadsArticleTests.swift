import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

/// The reports of the Uploads and Downloads article, as far as its Resuming Downloads section uses
/// them: each served by a ``RangeOrigin`` in the test.
private enum Reports: TargetType {
    case report(id: Int, to: URL)

    var baseURL: URL { URL(string: "https://files.example.com")! }
    var path: String {
        guard case .report(let id, _) = self else { return "/" }
        return "/reports/\(id)"
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask {
        guard case .report(_, let destination) = self else { return .requestPlain }
        return .downloadDestination { _, _ in (destination, [.createIntermediateDirectories, .removePreviousFile]) }
    }
    var validationType: ValidationType { .successCodes }
}

/// The Uploads and Downloads article's Resuming Downloads section, its code line for line, run
/// against an origin that drops the first answer part-way.
final class ResumingDownloadsArticleTests: XCTestCase {
    private static let article = "Sources/Courier/Courier.docc/UploadsAndDownloads.md"
    private var folder: URL!
    private var origin: RangeOrigin!
    private var reportURL: URL!
    private var provider: Provider<Reports>!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-article-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        reportURL = folder.appendingPathComponent("reports/7.bin")
        origin = try RangeOrigin(size: 300_000, validator: .entityTag) { index, _ in
            index == 0 ? .drop(after: 120_000) : .honour
        }
        let server = origin.baseURL.absoluteString
        provider = Provider<Reports>(endpointClosure: { target in
            Endpoint(
                url: server + target.path, sampleResponseClosure: { .networkResponse(200, Data()) },
                method: target.method, task: target.task, httpHeaderFields: target.headers)
        })
    }

    override func tearDownWithError() throws {
        origin?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
        UserDefaults.standard.removeObject(forKey: "report-7")
    }

    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: Self.article, section: "## Resuming Downloads", by: #filePath)
    }

    func test_failedDownload_resumedFromItsPoint_savesTheWholeFile() async throws {
        // Given
        var savedPoint: DownloadResumePoint?

        do {
            let response = try await provider.request(.report(id: 7, to: reportURL))
            print("saved to \(response.fileURL?.path ?? "?")")
        } catch {
            savedPoint = error.resumePoint  // nil when nothing can be resumed
        }

        // When
        let resumed = try await provider.request(.report(id: 7, to: reportURL), resumingFrom: savedPoint)

        // Then
        XCTAssertEqual(savedPoint?.bytesReceived, 120_000)
        XCTAssertEqual(origin.exchanges.last?.request.value(forHeader: "Range"), "bytes=120000-")
        XCTAssertEqual(resumed.statusCode, 206)
        XCTAssertEqual(try Data(contentsOf: reportURL), origin.content.data)
    }

    func test_pointKeptInUserDefaults_resumesWithProgressFromItsBytes() async throws {
        // Given: a point kept as the article keeps it, and read back
        let failed = await provider.result(.report(id: 7, to: reportURL))
        guard case .failure(let error) = failed, let point = error.resumePoint else { return XCTFail("\(failed)") }
        try keep(point)
        let savedPoint = savedReportPoint()
        var first: Int64?

        // When
        let transfer = provider.requestWithProgress(.report(id: 7, to: reportURL), resumingFrom: savedPoint)
        for try await event in transfer {
            print("\(event.completedUnitCount) of \(event.totalUnitCount ?? 0) bytes")
            first = first ?? event.completedUnitCount
        }

        // Then
        XCTAssertEqual(savedPoint, point)
        XCTAssertGreaterThanOrEqual(first ?? 0, 120_000)
        let saved = try await transfer.response.fileURL
        XCTAssertEqual(saved, reportURL)
        XCTAssertEqual(try Data(contentsOf: reportURL), origin.content.data)
    }

    func test_discardingTheSavedPoint_removesItsPartialFile() async throws {
        // Given
        let failed = await provider.result(.report(id: 7, to: reportURL))
        let savedPoint = failed.failure?.resumePoint
        let partial = try XCTUnwrap(savedPoint?.partialFileURL)
        XCTAssertTrue(FileManager.default.fileExists(atPath: partial.path))

        // When
        savedPoint?.discard()

        // Then
        XCTAssertFalse(FileManager.default.fileExists(atPath: partial.path))
    }

    func test_aCorruptedSavedPoint_isReadAsNone() {
        UserDefaults.standard.set(Data(#"{"bytesReceived": -1}"#.utf8), forKey: "report-7")
        XCTAssertNil(savedReportPoint())
    }

    // MARK: - The article's functions

    func keep(_ point: DownloadResumePoint) throws {
        UserDefaults.standard.set(try JSONEncoder().encode(point), forKey: "report-7")
    }

    func savedReportPoint() -> DownloadResumePoint? {
        guard let data = UserDefaults.standard.data(forKey: "report-7") else { return nil }
        do {
            return try JSONDecoder().decode(DownloadResumePoint.self, from: data)
        } catch {
            print("starting the report again: \(error)")
            return nil
        }
    }
}

extension Result where Failure == CourierError {
    /// The failure, if this is one.
    fileprivate var failure: CourierError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
