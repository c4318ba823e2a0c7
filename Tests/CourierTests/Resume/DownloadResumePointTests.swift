import Foundation
import XCTest

@testable import Courier

/// A resume point kept across launches (issue 24 §1): it survives JSON, a tampered one is refused
/// with an error naming the field, and it removes only partial files of Courier's own.
final class DownloadResumePointTests: XCTestCase {
    private static let partial = FileManager.default.temporaryDirectory
        .appendingPathComponent("courier-download-\(UUID().uuidString).tmp")

    private static func point(
        partial: URL = partial, bytes: Int64 = 10, total: Int64? = 100, entityTag: String? = "\"v1\"",
        lastModified: String? = nil
    ) throws -> DownloadResumePoint {
        DownloadResumePoint(
            url: try XCTUnwrap(URL(string: "https://files.example/report.pdf")), partialFileURL: partial,
            bytesReceived: bytes, totalBytes: total, entityTag: entityTag, lastModified: lastModified)
    }

    /// A new empty folder.
    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func test_jsonRoundTrip_givesTheSamePoint() throws {
        // Given
        let point = try Self.point(lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")

        // When
        let decoded = try JSONDecoder().decode(DownloadResumePoint.self, from: try JSONEncoder().encode(point))

        // Then
        XCTAssertEqual(decoded, point)
    }

    func test_decoding_refusesWhatCourierCouldNotHaveMade_namingTheField() throws {
        let cases: [(String, Any, String)] = [
            ("url", "file:///etc/passwd", "url"),
            ("partialFileURL", "file:///etc/passwd", "partialFileURL"),
            ("bytesReceived", -5, "bytesReceived"),
            ("bytesReceived", 0, "bytesReceived"),
            ("totalBytes", 3, "totalBytes"),
            ("entityTag", "W/\"weak\"", "entityTag"),
            ("entityTag", "\"v1\"\r\nX-Injected: 1", "entityTag"),
            ("lastModified", "yesterday", "lastModified"),
        ]
        for (key, value, field) in cases {
            // Given
            var json = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: JSONEncoder().encode(try Self.point())) as? [String: Any])
            json[key] = value
            let data = try JSONSerialization.data(withJSONObject: json)

            // When / Then
            XCTAssertThrowsError(try JSONDecoder().decode(DownloadResumePoint.self, from: data), key) { error in
                guard case .dataCorrupted(let context) = error as? DecodingError else {
                    return XCTFail("\(key): \(error)")
                }
                XCTAssertEqual(context.codingPath.last?.stringValue, field, "\(key): \(context.debugDescription)")
            }
        }
    }

    func test_decoding_refusesAPointWithoutAValidator() throws {
        let data = try JSONEncoder().encode(try Self.point(entityTag: nil))
        XCTAssertThrowsError(try JSONDecoder().decode(DownloadResumePoint.self, from: data))
    }

    func test_continuing_asksForTheRestWithTheEntityTag_elseTheDate() throws {
        // Given
        let request = URLRequest(url: try XCTUnwrap(URL(string: "https://files.example/report.pdf")))
        let date = "Sun, 06 Nov 1994 08:49:37 GMT"

        // When
        let withTag = try Self.point(entityTag: "\"v1\"", lastModified: date).continuing(request)
        let withDate = try Self.point(entityTag: nil, lastModified: date).continuing(request)

        // Then
        XCTAssertEqual(withTag.value(forHTTPHeaderField: "Range"), "bytes=10-")
        XCTAssertEqual(withTag.value(forHTTPHeaderField: "If-Range"), "\"v1\"")
        XCTAssertEqual(withDate.value(forHTTPHeaderField: "If-Range"), date)
    }

    func test_discard_removesCourierPartialFiles_only() throws {
        // Given
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("courier-download-\(UUID().uuidString).tmp")
        let theirs = folder.appendingPathComponent("report.pdf")
        try Data(count: 10).write(to: ours)
        try Data(count: 10).write(to: theirs)

        // When
        try Self.point(partial: ours).discard()
        try Self.point(partial: theirs).discard()

        // Then
        XCTAssertFalse(FileManager.default.fileExists(atPath: ours.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: theirs.path))
    }

    func test_fileIsIntact_onlyForARegularFileOfTheCountedSize() throws {
        // Given
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("courier-download-\(UUID().uuidString).tmp")
        let link = folder.appendingPathComponent("courier-download-\(UUID().uuidString).tmp")
        try Data(count: 10).write(to: file)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)

        // Then
        XCTAssertTrue(try Self.point(partial: file, bytes: 10).fileIsIntact)
        XCTAssertFalse(try Self.point(partial: file, bytes: 9).fileIsIntact)
        XCTAssertFalse(try Self.point(partial: link, bytes: 10).fileIsIntact)
        XCTAssertFalse(try Self.point(partial: folder.appendingPathComponent("gone.tmp"), bytes: 10).fileIsIntact)
    }

    func test_resumePoint_isFoundThroughTheErrorsThatWrapIt() throws {
        // Given
        let point = try Self.point()
        let transfer = CourierError.underlying(URLError(.networkConnectionLost).carrying(point), nil)

        // Then
        XCTAssertEqual(transfer.resumePoint, point)
        XCTAssertEqual(CourierError.underlying(transfer, nil).resumePoint, point)
        XCTAssertNil(CourierError.underlying(URLError(.networkConnectionLost), nil).resumePoint)
        XCTAssertNil(CourierError.statusCode(Response(statusCode: 503, data: Data())).resumePoint)
    }
}
