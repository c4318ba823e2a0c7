import Courier
import CourierPlugins
import CourierTestSupport
import Foundation
import XCTest

/// A download whose connection drops part-way continues from the bytes it has (issue 24 §1): a
/// retry asks for the rest with `Range: bytes=N-` and `If-Range`, the file ends byte for byte what
/// the server serves, and only a strong validator lets a download resume.
final class DownloadResumeWireTests: ResumeWireTestCase {
    private static let size: Int64 = 3 << 20

    func test_retryPlugin_connectionDroppedAtRandomOffsets_resumesEachTimeFromTheBytesReceived() async throws {
        try await assertResumesThroughDrops(
            validator: .entityTag, ifRange: OriginContent(size: Self.size, version: 0).entityTag)
    }

    func test_retryPlugin_onlyLastModified_resumesWithTheDateAsIfRange() async throws {
        try await assertResumesThroughDrops(
            validator: .lastModified, ifRange: OriginContent(size: Self.size, version: 0).lastModified)
    }

    func test_noValidator_failureCarriesNoPoint_leavesNoFile_andRetryStartsFromTheFirstByte() async throws {
        // Given: a server with neither ETag nor Last-Modified, which drops the first two answers
        let origin = try RangeOrigin(size: Self.size, validator: .none) { index, _ in
            index < 2 ? .drop(after: 1 << 20) : .honour
        }
        defer { origin.stop() }

        // When: once without retries, then with a retry
        let failure = await provider().result(target(origin))
        let response = try await provider(plugins: [Self.retrying(2)]).request(target(origin))

        // Then
        guard case .failure(let error) = failure else { return XCTFail("the dropped download succeeded") }
        XCTAssertNil(error.resumePoint, "\(error)")
        XCTAssertEqual(Self.rangeHeaders(origin), [[nil, nil], [nil, nil], [nil, nil]])
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data)
        XCTAssertEqual(partialFiles, [])
    }

    func test_weakETag_isNeverSentAsIfRange_soTheDownloadIsNotResumed() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .weakEntityTag) { index, _ in
            index == 0 ? .drop(after: 1 << 20) : .honour
        }
        defer { origin.stop() }

        // When
        let result = await provider().result(target(origin))

        // Then
        guard case .failure(let error) = result else { return XCTFail("the dropped download succeeded") }
        XCTAssertNil(error.resumePoint)
        XCTAssertEqual(partialFiles, [])
    }

    func test_failedDownload_resumedInALaterCall_fromAPointKeptAsJSON_progressStartsAtTheOffset() async throws {
        // Given: a download that failed part-way, its point saved as an app would across launches
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            index == 0 ? .drop(after: 1_234_567) : .honour
        }
        defer { origin.stop() }
        let failure = await provider().result(target(origin))
        guard case .failure(let error) = failure, let point = error.resumePoint else {
            return XCTFail("no resume point: \(failure)")
        }
        let saved = try JSONEncoder().encode(point)
        let restored = try JSONDecoder().decode(DownloadResumePoint.self, from: saved)

        // When
        let events = Locked<[Int64]>([])
        let response = try await withCheckedThrowingContinuation { continuation in
            provider().request(
                target(origin), resumingFrom: restored, callbackQueue: DispatchQueue(label: "progress"),
                progress: { events.append($0.completedUnitCount) }, completion: { continuation.resume(with: $0) })
        }

        // Then
        XCTAssertTrue(
            (error.underlyingError as? URLError).map { $0.code == .networkConnectionLost } ?? false, "\(error)")
        XCTAssertEqual(restored, point)
        XCTAssertEqual(point.bytesReceived, 1_234_567)
        XCTAssertEqual(point.totalBytes, Self.size)
        XCTAssertEqual(Self.rangeHeaders(origin).last, ["bytes=1234567-", origin.content.entityTag])
        XCTAssertEqual(origin.exchanges.last?.status, 206)
        XCTAssertEqual(events.value.first, 1_234_567, "progress starts at the bytes received")
        XCTAssertEqual(events.value, events.value.sorted(), "progress never goes back")
        XCTAssertEqual(events.value.last, Self.size)
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data)
        XCTAssertEqual(partialFiles, [])
    }

    // MARK: - Helpers

    /// Downloads through five drops at random offsets with a retry plugin, and checks that every
    /// retry asked for the rest with `ifRange`, and that the file is the server's.
    private func assertResumesThroughDrops(
        validator: RangeOrigin.Validator, ifRange: String, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        // Given
        let seed = UInt64.random(in: 1...UInt64.max)
        var generator = SeededGenerator(seed: seed)
        var drops: [Int64] = []
        var left = Self.size
        for _ in 0..<5 {
            let drop = Int64.random(in: 1...(left / 3), using: &generator)
            drops.append(drop)
            left -= drop
        }
        let script = drops
        let origin = try RangeOrigin(size: Self.size, validator: validator) { index, _ in
            index < script.count ? .drop(after: script[index]) : .honour
        }
        defer { origin.stop() }

        // When
        let response = try await provider(plugins: [Self.retrying(6)]).request(target(origin))

        // Then
        let context = "seed \(seed), drops \(drops)"
        var expected: [[String?]] = [[nil, nil]]
        for offset in Self.resumedOffsets(origin) { expected.append(["bytes=\(offset)-", ifRange]) }
        XCTAssertEqual(Self.rangeHeaders(origin), expected, context, file: file, line: line)
        XCTAssertEqual(
            origin.exchanges.map(\.status), [200] + Array(repeating: 206, count: 5), context, file: file, line: line)
        XCTAssertEqual(response.statusCode, 206, file: file, line: line)
        XCTAssertEqual(
            try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data, context, file: file, line: line)
        XCTAssertEqual(partialFiles, [], file: file, line: line)
    }
}
