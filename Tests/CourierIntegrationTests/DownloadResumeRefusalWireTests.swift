import Courier
import CourierPlugins
import CourierTestSupport
import Foundation
import XCTest

/// A resumed download starts again cleanly whenever its partial file cannot be continued: the
/// representation changed, the server ignored the range or refused it, the partial file changed;
/// and a `206` that does not continue the file is an error, never appended (issue 24 §1).
final class DownloadResumeRefusalWireTests: ResumeWireTestCase {
    private static let size: Int64 = 2 << 20
    private static let cut: Int64 = 700_001

    func test_entityTagChangedBetweenCalls_serverSendsTheWhole_fileIsTheNewContent() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            index == 0 ? .drop(after: Self.cut) : RangeOrigin.Answer(changesContent: true)
        }
        defer { origin.stop() }
        let point = try await interruptedPoint(origin, cut: Self.cut)

        // When
        let response = try await provider().request(target(origin), resumingFrom: point)

        // Then
        XCTAssertEqual(
            Self.rangeHeaders(origin).last,
            ["bytes=\(Self.cut)-", OriginContent(size: Self.size, version: 0).entityTag])
        XCTAssertEqual(origin.exchanges.map(\.status), [200, 200])
        XCTAssertEqual(origin.content.version, 1)
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data)
        XCTAssertEqual(partialFiles, [])
    }

    func test_lastModifiedChangedBeforeARetry_serverSendsTheWhole_fileIsTheNewContent() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .lastModified) { index, _ in
            index == 0 ? .drop(after: Self.cut) : RangeOrigin.Answer(changesContent: true)
        }
        defer { origin.stop() }

        // When
        let response = try await provider(plugins: [Self.retrying(2)]).request(target(origin))

        // Then
        XCTAssertEqual(
            Self.rangeHeaders(origin),
            [[nil, nil], ["bytes=\(Self.cut)-", OriginContent(size: Self.size, version: 0).lastModified]])
        XCTAssertEqual(origin.exchanges.map(\.status), [200, 200])
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data)
        XCTAssertEqual(partialFiles, [])
    }

    func test_serverAnswers200ToTheRange_downloadStartsAgainFromTheFirstByte() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            index == 0 ? .drop(after: Self.cut) : RangeOrigin.Answer(.whole)
        }
        defer { origin.stop() }

        // When
        let response = try await provider(plugins: [Self.retrying(2)]).request(target(origin))

        // Then
        XCTAssertEqual(Self.rangeHeaders(origin)[1], ["bytes=\(Self.cut)-", origin.content.entityTag])
        XCTAssertEqual(origin.exchanges.map(\.status), [200, 200])
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data)
        XCTAssertEqual(partialFiles, [])
    }

    func test_serverAnswers416_theRequestIsSentAgainWhole_withinTheSameAttempt() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            switch index {
            case 0: .drop(after: Self.cut)
            case 1: RangeOrigin.Answer(.unsatisfiable)
            default: .honour
            }
        }
        defer { origin.stop() }

        let steps = Locked<[String]>([])

        // When: two attempts in all, the second one restarted
        let response = try await provider(plugins: [Self.retrying(2), StepRecorder(steps: steps)]).request(
            target(origin))

        // Then
        XCTAssertEqual(steps.value, ["willSend", "didReceive", "willSend", "didReceive"], "one of each per attempt")
        XCTAssertEqual(
            Self.rangeHeaders(origin), [[nil, nil], ["bytes=\(Self.cut)-", origin.content.entityTag], [nil, nil]])
        XCTAssertEqual(origin.exchanges.map(\.status), [200, 416, 200])
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data)
        XCTAssertEqual(partialFiles, [])
    }

    func test_206StartingAtAnotherByte_failsNamingTheRange_andAppendsNothing() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            index == 0 ? .drop(after: Self.cut) : RangeOrigin.Answer(.range(from: Self.cut + 10))
        }
        defer { origin.stop() }

        // When
        let result = await provider(plugins: [Self.retrying(3)]).result(target(origin))

        // Then
        guard case .failure(let error) = result else { return XCTFail("a wrong range was accepted") }
        let range = "bytes \(Self.cut + 10)-\(Self.size - 1)/\(Self.size)"
        let lastError = (error.underlyingError as? RetryLimitReachedError)?.lastError
        XCTAssertEqual(
            lastError?.underlyingError as? DownloadResumeError,
            .unexpectedRange(expectedStart: Self.cut, contentRange: range), "\(error)")
        XCTAssertTrue(error.description.contains(range), error.description)
        XCTAssertNil(error.resumePoint)
        XCTAssertEqual(origin.exchanges.count, 2, "a refused range is not retried")
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
        XCTAssertEqual(partialFiles, [])
    }

    func test_partialFileChangedSize_theDownloadStartsAgainWithoutARange() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            index == 0 ? .drop(after: Self.cut) : .honour
        }
        defer { origin.stop() }
        let point = try await interruptedPoint(origin, cut: Self.cut)
        let handle = try FileHandle(forWritingTo: point.partialFileURL)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0x2A]))
        try handle.close()

        // When
        let response = try await provider().request(target(origin), resumingFrom: point)

        // Then
        XCTAssertEqual(Self.rangeHeaders(origin), [[nil, nil], [nil, nil]])
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data)
        XCTAssertEqual(partialFiles, [])
    }

    func test_partialFileGone_theDownloadStartsAgainWithoutARange() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            index == 0 ? .drop(after: Self.cut) : .honour
        }
        defer { origin.stop() }
        let point = try await interruptedPoint(origin, cut: Self.cut)
        try FileManager.default.removeItem(at: point.partialFileURL)

        // When
        let response = try await provider().request(target(origin), resumingFrom: point)

        // Then
        XCTAssertEqual(Self.rangeHeaders(origin), [[nil, nil], [nil, nil]])
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data)
    }

    func test_pointOfAnotherURL_failsBeforeSending_leavesThePartialFile_untilDiscarded() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            index == 0 ? .drop(after: Self.cut) : .honour
        }
        defer { origin.stop() }
        let point = try await interruptedPoint(origin, cut: Self.cut)
        let other = HTTPBinTarget(origin.baseURL, "/other", task: target(origin).task)

        // When
        let result = await resuming(other, from: point)

        // Then
        guard case .failure(let error) = result else { return XCTFail("a point of another URL was used") }
        XCTAssertEqual(
            error.underlyingError as? DownloadResumeError,
            .differentURL(resumePoint: point.url, request: origin.baseURL.appendingPathComponent("other")))
        XCTAssertEqual(origin.exchanges.count, 1, "nothing was sent")
        XCTAssertEqual(partialFiles, [point.partialFileURL.lastPathComponent])
        point.discard()
        XCTAssertEqual(partialFiles, [])
    }

    func test_pointGivenToATargetThatIsNotADownload_failsWithNotADownload() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            index == 0 ? .drop(after: Self.cut) : .honour
        }
        defer { origin.stop() }
        let point = try await interruptedPoint(origin, cut: Self.cut)

        // When
        let result = await resuming(HTTPBinTarget(origin.baseURL, "/file"), from: point)

        // Then
        guard case .failure(let error) = result else { return XCTFail("a point was used for a data request") }
        XCTAssertEqual(error.underlyingError as? DownloadResumeError, .notADownload)
        XCTAssertTrue(point.fileIsThere)
        point.discard()
    }

    // MARK: - Helpers

    /// The point of a first download of `origin`, which its script drops.
}

/// Records the `willSend` and `didReceive` calls of a request, in order.
private struct StepRecorder: PluginType {
    let steps: Locked<[String]>

    func willSend(_ request: any RequestType, target: any TargetType) { steps.append("willSend") }
    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) { steps.append("didReceive") }
}

extension DownloadResumePoint {
    /// Whether the partial file exists.
    var fileIsThere: Bool { FileManager.default.fileExists(atPath: partialFileURL.path) }
}

extension Result where Failure == CourierError {
    /// The failure, if this is one.
    var failure: CourierError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
