import Courier
import CourierPlugins
import CourierTestSupport
import Foundation
import XCTest

/// A download stopped by its caller or by a timeout keeps what arrived, and its error says where
/// to resume from (issue 24 §1): a cancellation is still a cancellation, a timeout still
/// `URLError(.timedOut)`, and the partial file holds exactly the bytes the point counts.
final class DownloadResumeInterruptionWireTests: ResumeWireTestCase {
    private static let size: Int64 = 4 << 20
    private static let stall: Int64 = 1 << 20

    func test_cancelledMidBody_errorIsACancellationWithThePoint_andTheDownloadResumesFromIt() async throws {
        // Given: a server that sends 1 MiB and then nothing
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            index == 0 ? .stall(after: Self.stall) : .honour
        }
        defer { origin.stop() }

        // When: the caller cancels once the 1 MiB has arrived
        let result = await cancelled(target(origin), after: Self.stall)
        let error = try XCTUnwrap(result.failure)
        let point = try XCTUnwrap(error.resumePoint, "\(error)")
        let response = try await provider().request(target(origin), resumingFrom: point)

        // Then
        XCTAssertTrue(error.isCancelled, "\(error)")
        XCTAssertEqual(point.bytesReceived, Self.stall)
        XCTAssertEqual(Self.rangeHeaders(origin).last, ["bytes=\(Self.stall)-", origin.content.entityTag])
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data)
        XCTAssertEqual(partialFiles, [])
    }

    func test_cancelled_pointDiscarded_leavesNoFile() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { _, _ in .stall(after: Self.stall) }
        defer { origin.stop() }
        let result = await cancelled(target(origin), after: Self.stall)
        let point = try XCTUnwrap(result.failure?.resumePoint)
        XCTAssertEqual(partialFiles, [point.partialFileURL.lastPathComponent])
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: point.partialFileURL.path)[.size] as? Int64, Self.stall)

        // When
        point.discard()

        // Then
        XCTAssertEqual(partialFiles, [])
    }

    func test_idleTimeout_errorIsTimedOutWithThePoint() async throws {
        // Given: a server that stalls after 1 MiB, and an idle timeout of three seconds (with one, a
        // loaded CI machine running the tests in parallel timed the request out before its head
        // arrived, and a download with no head has no point to resume from)
        let origin = try RangeOrigin(size: Self.size, validator: .lastModified) { index, _ in
            index == 0 ? .stall(after: Self.stall) : .honour
        }
        defer { origin.stop() }

        // When
        let result = await provider().result(target(origin, timeout: 3))
        let error = try XCTUnwrap(result.failure)
        let point = try XCTUnwrap(error.resumePoint, "\(error)")
        let response = try await provider().request(target(origin), resumingFrom: point)

        // Then
        XCTAssertEqual((error.underlyingError as? URLError)?.code, .timedOut, "\(error)")
        XCTAssertEqual(point.bytesReceived, Self.stall)
        XCTAssertEqual(Self.rangeHeaders(origin).last, ["bytes=\(Self.stall)-", origin.content.lastModified])
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data)
        XCTAssertEqual(partialFiles, [])
    }

    func test_retriesRunOut_theLastErrorStillCarriesThePoint() async throws {
        // Given: every answer dropped after 100 KB more
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { _, _ in .drop(after: 100_000) }
        defer { origin.stop() }

        // When
        let result = await provider(plugins: [Self.retrying(3)]).result(target(origin))

        // Then
        let error = try XCTUnwrap(result.failure)
        XCTAssertTrue(error.underlyingError is RetryLimitReachedError, "\(error)")
        XCTAssertEqual(error.resumePoint?.bytesReceived, 300_000)
        XCTAssertEqual(Self.rangeHeaders(origin).map { $0[0] }, [nil, "bytes=100000-", "bytes=200000-"])
        XCTAssertEqual(partialFiles.count, 1)
        error.resumePoint?.discard()
    }

    // MARK: - Helpers

    /// Sends `target` with the completion API and cancels it once `bytes` have arrived.
    private func cancelled(_ target: HTTPBinTarget, after bytes: Int64) async -> Result<Response, CourierError> {
        await outcomeCancelled(target, by: provider()) { $0.completedUnitCount >= bytes } ?? .failure(.cancelled)
    }
}
