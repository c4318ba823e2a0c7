import Courier
import CourierPlugins
import CourierTestSupport
import Foundation
import XCTest

/// A resumed download's `206` must be exactly its `Content-Range`, however the server frames it,
/// and nothing but the partial file of the earlier attempt is ever appended to.
final class DownloadResumeFramingWireTests: ResumeWireTestCase {
    private static let size: Int64 = 1 << 20
    private static let cut: Int64 = 300_001

    func test_206EndedShortByAClose_isALostConnection_andTheDownloadResumesFromWhatArrived() async throws {
        // Given: the resumed body, sent without Content-Length, stops 1,000 bytes in
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            switch index {
            case 0: .drop(after: Self.cut)
            case 1: .unframed(endingAfter: 1_000)
            default: .honour
            }
        }
        defer { origin.stop() }

        // When
        let response = try await provider(plugins: [Self.retrying(3)]).request(target(origin))

        // Then
        XCTAssertEqual(
            Self.rangeHeaders(origin).map { $0[0] }, [nil, "bytes=\(Self.cut)-", "bytes=\(Self.cut + 1_000)-"])
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data)
        XCTAssertEqual(partialFiles, [])
    }

    func test_206RunningPastItsRange_fails_andKeepsNoFile() async throws {
        // Given: the whole range, then 10 bytes more before the server closes
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            index == 0 ? .drop(after: Self.cut) : .unframed(extra: 10)
        }
        defer { origin.stop() }
        let point = try await interruptedPoint(origin, cut: Self.cut)

        // When
        let result = await resuming(target(origin), from: point)

        // Then
        guard case .failure(let error) = result else { return XCTFail("an overlong 206 was accepted") }
        XCTAssertEqual((error.underlyingError as? URLError)?.code, .badServerResponse, "\(error)")
        XCTAssertNil(error.resumePoint)
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
        XCTAssertEqual(partialFiles, [])
    }

    func test_206ToARequestForTheWhole_isABadServerResponse_andKeepsNoFile() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { _, _ in
            RangeOrigin.Answer(.range(from: 100))
        }
        defer { origin.stop() }

        // When
        let result = await provider().result(target(origin))

        // Then
        guard case .failure(let error) = result else { return XCTFail("a part was saved as the whole") }
        XCTAssertEqual((error.underlyingError as? URLError)?.code, .badServerResponse, "\(error)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
        XCTAssertEqual(partialFiles, [])
    }

    func test_partialFileSwappedForALinkWhileTheRequestIsOut_isNeverWrittenThrough() async throws {
        // Given: once the resumed request has left, its partial file becomes a link to another file
        let victim = folder.appendingPathComponent("victim.bin")
        let partial = Locked<URL?>(nil)
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { index, _ in
            if index == 1, let file = partial.value {
                try? FileManager.default.moveItem(at: file, to: victim)
                try? FileManager.default.createSymbolicLink(at: file, withDestinationURL: victim)
            }
            return index == 0 ? .drop(after: Self.cut) : .honour
        }
        defer { origin.stop() }
        let point = try await interruptedPoint(origin, cut: Self.cut)
        partial.withLock { $0 = point.partialFileURL }

        // When
        let response = try await provider().request(target(origin), resumingFrom: point)

        // Then: the download started again from the first byte; the other file is as it was
        XCTAssertEqual(Self.rangeHeaders(origin).map { $0[0] }, [nil, "bytes=\(Self.cut)-", nil])
        XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(response.fileURL)), origin.content.data)
        XCTAssertEqual(try Data(contentsOf: victim), origin.content.data.prefix(Int(Self.cut)))
        let destinationKind = try FileManager.default.attributesOfItem(atPath: destination.path)[.type]
        XCTAssertEqual(destinationKind as? FileAttributeType, .typeRegular)
    }

    func test_partialFile_isReadableAndWritableByTheUserOnly() async throws {
        // Given
        let origin = try RangeOrigin(size: Self.size, validator: .entityTag) { _, _ in .drop(after: Self.cut) }
        defer { origin.stop() }

        // When
        let point = try await interruptedPoint(origin, cut: Self.cut)

        // Then
        let permissions = try FileManager.default.attributesOfItem(atPath: point.partialFileURL.path)[.posixPermissions]
        XCTAssertEqual((permissions as? NSNumber)?.intValue, 0o600)
        point.discard()
    }
}
