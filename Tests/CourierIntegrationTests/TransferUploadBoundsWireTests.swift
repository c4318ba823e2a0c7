import Courier
import CourierTestSupport
import Foundation
import XCTest

/// An uploaded file sends exactly the length its request declares, counted by a server that
/// reads the declared body and then listens for more (the misbehaving server's `/count-body`).
/// Bytes past the declared length would reach a kept-alive connection as the start of another
/// request.
final class TransferUploadBoundsWireTests: TransferWireTestCase {
    func test_uploadFile_sendsItsLengthAndNothingAfter() async throws {
        // Given
        let file = folder.appendingPathComponent("body.bin")
        try TransferWire.pattern(count: 100_000).write(to: file)

        // When
        let count = try await countBody(of: file)

        // Then
        XCTAssertEqual(count, BodyCount(body: 100_000, extra: 0))
    }

    func test_uploadFile_holdingMoreThanItsSize_sendsOnlyTheSizeFoundAtTheStart() async throws {
        // Given: a procfs file, whose size is 0 but which reads as about a kilobyte of text: a file
        // that holds more than its size said when the request was built
        let status = URL(fileURLWithPath: "/proc/self/status")
        try XCTSkipUnless(FileManager.default.fileExists(atPath: status.path), "needs Linux's /proc")

        // When
        let count = try await countBody(of: status)

        // Then
        XCTAssertEqual(count, BodyCount(body: 0, extra: 0))
    }

    private func countBody(of file: URL) async throws -> BodyCount {
        let target = HTTPBinTarget(
            try MisbehavingServer.baseURL(), "/count-body", method: .post, task: .uploadFile(file),
            validationType: .successCodes)
        return try await Provider<HTTPBinTarget>().request(target, as: BodyCount.self)
    }

    private struct BodyCount: Decodable, Equatable {
        let body: Int
        let extra: Int
    }
}
