import Courier
import CourierTestSupport
import Foundation
import XCTest

/// Progress over the wire: intermediate upload events, honest unknown lengths, and cancellation
/// in the middle of a transfer. Events are collected with the completion API's `ProgressBlock`,
/// which gets every event; a `ProgressSequence` reader may skip intermediate ones by design.
final class TransferProgressWireTests: TransferWireTestCase {
    func test_uploadFileProgress_eightMebibytes_deliversIntermediateEventsThatRiseToOneOnce() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let file = try makeFile("upload.bin", mebibytes: 8)

        // When
        let events = try await events(of: HTTPBinTarget(baseURL, "/post", method: .post, task: .uploadFile(file)))

        // Then
        Self.assertRisesToOneOnce(events)
        let intermediate = events.filter { $0.progress > 0 && $0.progress < 1 }
        XCTAssertGreaterThan(intermediate.count, 3)
        XCTAssertTrue(intermediate.allSatisfy { $0.totalUnitCount == 8 << 20 })
        XCTAssertEqual(events.last?.completedUnitCount, 8 << 20)
    }

    func test_multipartProgress_fourMebibyteFilePart_deliversIntermediateEvents() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let form: MultipartFormData = [
            MultipartFormBodyPart(provider: .file(try makeFile("part.bin", mebibytes: 4)), name: "file")
        ]

        // When
        let events = try await events(
            of: HTTPBinTarget(baseURL, "/post", method: .post, task: .uploadMultipartFormData(form)))

        // Then
        Self.assertRisesToOneOnce(events)
        XCTAssertGreaterThan(events.filter { $0.progress > 0 && $0.progress < 1 }.count, 3)
        XCTAssertGreaterThan(events.last?.completedUnitCount ?? 0, 4 << 20)
    }

    func test_downloadProgress_knownLength_risesToOneOnceWithTheTotal() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let target = TransferWire.download(
            baseURL, "/range/102400", parameters: ["chunk_size": 4096], to: folder.appendingPathComponent("b.bin"))

        // When
        let events = try await events(of: target)

        // Then
        Self.assertRisesToOneOnce(events)
        XCTAssertTrue(events.dropLast().allSatisfy { $0.totalUnitCount == 102_400 })
        XCTAssertEqual(events.last?.completedUnitCount, 102_400)
        XCTAssertEqual(events.last?.response?.fileURL, folder.appendingPathComponent("b.bin"))
    }

    func test_downloadProgress_unknownLength_reportsBytesWithNilTotalAndZeroFraction() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let target = TransferWire.download(baseURL, "/stream/100", to: folder.appendingPathComponent("s.json"))

        // When
        let events = try await events(of: target)

        // Then
        Self.assertRisesToOneOnce(events)
        let intermediate = events.dropLast()
        XCTAssertFalse(intermediate.isEmpty)
        XCTAssertTrue(intermediate.allSatisfy { $0.totalUnitCount == nil && $0.progress == 0 })
        let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("s.json").path)[.size]
        XCTAssertEqual(events.last?.completedUnitCount, (size as? NSNumber)?.int64Value)
    }

    func test_dataRequestProgress_reportsTheBytesReceived() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()

        // When
        let events = try await events(of: HTTPBinTarget(baseURL, "/range/102400"))

        // Then
        Self.assertRisesToOneOnce(events)
        XCTAssertEqual(events.last?.response?.data.count, 102_400)
    }

    func test_progressSequence_uploadFile_risesAndEndsWithOneCompletedEventCarryingTheResponse() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let file = try makeFile("sequence.bin", mebibytes: 4)
        let transfer = Provider<HTTPBinTarget>().requestWithProgress(
            HTTPBinTarget(baseURL, "/post", method: .post, task: .uploadFile(file)))

        // When
        var events: [ProgressResponse] = []
        for try await event in transfer { events.append(event) }

        // Then
        Self.assertRisesToOneOnce(events)
        XCTAssertEqual(events.last?.completedUnitCount, 4 << 20)
        let response = try await transfer.response
        XCTAssertTrue(events.last?.response === response)
    }

    func test_progressSequence_cancellingTheIteratingTaskMidUpload_stopsWithCancellation() async throws {
        // Given: the server answers 10 s after the body arrived
        let baseURL = try HTTPBin.baseURL()
        let file = try makeFile("cancel.bin", mebibytes: 16)
        let transfer = Provider<HTTPBinTarget>().requestWithProgress(
            HTTPBinTarget(baseURL, "/delay/10", method: .post, task: .uploadFile(file)))

        // When
        let error = await errorCancellingTheIteratingTaskAtFirstEvent(transfer)

        // Then
        XCTAssertTrue(error?.isCancelled ?? false)
        await assertCancelled(transfer)
    }

    func test_cancellable_cancelMidUpload_stopsWithCancellation() async throws {
        // Given
        let baseURL = try HTTPBin.baseURL()
        let file = try makeFile("cancel.bin", mebibytes: 16)

        // When
        let outcome = await outcomeCancelledAtFirstProgressEvent(
            HTTPBinTarget(baseURL, "/delay/10", method: .post, task: .uploadFile(file)))

        // Then
        guard case .failure(let error) = outcome else { return XCTFail("the upload was not cancelled") }
        XCTAssertTrue(error.isCancelled)
    }

    func test_cancelMidUpload_twentyTimes_alwaysFailsWithCancellationAndNeverCrashes() async throws {
        // Given: FoundationNetworking's own file bodies crash now and then when cancelled mid-upload
        let baseURL = try HTTPBin.baseURL()
        let file = try makeFile("again.bin", mebibytes: 16)
        let target = HTTPBinTarget(baseURL, "/delay/10", method: .post, task: .uploadFile(file))

        for _ in 0..<20 {
            // When
            let error = await errorCancellingTheIteratingTaskAtFirstEvent(
                Provider<HTTPBinTarget>().requestWithProgress(target))

            // Then
            XCTAssertTrue(error?.isCancelled ?? false)
        }
    }

    // MARK: - Helpers

    /// A file of `mebibytes` MiB of a byte pattern.
    private func makeFile(_ name: String, mebibytes: Int) throws -> URL {
        let file = folder.appendingPathComponent(name)
        try Data().write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let chunk = TransferWire.pattern(count: 1 << 20)
        for _ in 0..<mebibytes { try handle.write(contentsOf: chunk) }
        return file
    }

    /// Every progress event of `target`, delivered to a serial queue.
    private func events(of target: HTTPBinTarget) async throws -> [ProgressResponse] {
        let events = Locked<[ProgressResponse]>([])
        let done = expectation(description: "completion")
        Provider<HTTPBinTarget>().request(
            target, callbackQueue: DispatchQueue(label: "progress"), progress: { events.append($0) },
            completion: { _ in done.fulfill() })
        await fulfillment(of: [done], timeout: 60)
        return events.value
    }

    /// Bytes strictly rise, fractions never fall, and only the last event is complete, at 1.0.
    private static func assertRisesToOneOnce(
        _ events: [ProgressResponse], file: StaticString = #filePath, line: UInt = #line
    ) {
        guard !events.isEmpty else { return XCTFail("no progress events", file: file, line: line) }
        let counts = events.map(\.completedUnitCount)
        let fractions = events.map(\.progress)
        XCTAssertEqual(counts, counts.sorted(), file: file, line: line)
        XCTAssertEqual(Set(counts.dropLast()).count, counts.count - 1, file: file, line: line)
        XCTAssertEqual(fractions, fractions.sorted(), file: file, line: line)
        XCTAssertEqual(fractions.filter { $0 == 1 }.count, 1, file: file, line: line)
        XCTAssertEqual(
            events.map(\.completed), Array(repeating: false, count: events.count - 1) + [true], file: file, line: line)
    }

    private func assertCancelled(_ transfer: ProgressSequence) async {
        do {
            _ = try await transfer.response
            XCTFail("the request succeeded")
        } catch {
            XCTAssertTrue(error.isCancelled)
        }
    }
}
