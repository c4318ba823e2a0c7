import Courier
import CourierTestSupport
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Request bodies are bounded too (issue 13 §4): a file with no size (a device, a pipe) is refused
/// before anything is sent, and a file part is copied only up to the size it had when the copy
/// began.
final class TransferBodyBoundsTests: TransferTestCase {
    func test_uploadFile_devZero_failsWithFileNotRegularBeforeSending() async throws {
        // Given
        let device = URL(fileURLWithPath: "/dev/zero")
        try XCTSkipUnless(FileManager.default.fileExists(atPath: device.path), "no /dev/zero here")
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .uploadFile(device))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .fileNotRegular(device))
        XCTAssertTrue(error?.localizedDescription.contains("/dev/zero") ?? false, "\(String(describing: error))")
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_uploadFile_namedPipe_failsWithFileNotRegularBeforeSending() async throws {
        // Given: a FIFO, which would block a reader until someone writes, and never end
        let pipe = folder.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .uploadFile(pipe))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .fileNotRegular(pipe))
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_multipart_devZeroPart_failsWithFileNotRegularBeforeWritingTheBody() async throws {
        // Given
        let device = URL(fileURLWithPath: "/dev/zero")
        try XCTSkipUnless(FileManager.default.fileExists(atPath: device.path), "no /dev/zero here")
        let form: MultipartFormData = [
            MultipartFormBodyPart(provider: .data(Data("Ada".utf8)), name: "name"),
            MultipartFormBodyPart(provider: .file(device), name: "zeros"),
        ]
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .uploadMultipartFormData(form))

        // Then
        XCTAssertEqual(error?.underlyingError as? TransferError, .fileNotRegular(device))
        XCTAssertEqual(transport.sentCount, 0)
    }

    func test_uploadFile_symbolicLinkToARegularFile_isAccepted() async throws {
        // Given
        let file = folder.appendingPathComponent("real.txt")
        try Data("hello".utf8).write(to: file)
        let link = folder.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .uploadFile(link))

        // Then
        XCTAssertNil(error)
        XCTAssertEqual(transport.sentCount, 1)
    }

    func test_multipart_filePartLongerThanItsSize_isCopiedOnlyUpToTheSizeFoundAtTheStart() async throws {
        // Given: a procfs file, whose size is 0 but which reads as about a kilobyte of text: a file
        // that holds more than its size said when the copy began
        let status = URL(fileURLWithPath: "/proc/self/status")
        try XCTSkipUnless(FileManager.default.fileExists(atPath: status.path), "needs Linux's /proc")
        let form = MultipartFormData(
            parts: [MultipartFormBodyPart(provider: .file(status), name: "status", fileName: "status.txt")],
            boundary: "bounds")
        let transport = ScriptedTransport()

        // When
        let error = await transport.failure(of: .uploadMultipartFormData(form))

        // Then: the part is empty
        XCTAssertNil(error)
        let body = String(decoding: try XCTUnwrap(transport.bodyFiles.first), as: UTF8.self)
        XCTAssertTrue(body.hasSuffix("Content-Type: text/plain\r\n\r\n\r\n--bounds--\r\n"), body)
        XCTAssertFalse(body.contains("VmRSS"), body)
    }
}
