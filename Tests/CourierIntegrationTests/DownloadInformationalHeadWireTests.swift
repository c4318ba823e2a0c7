import Courier
import CourierTestSupport
import Foundation
import XCTest

/// A download answered with a `103 Early Hints` head before its final one, over the transport the
/// test command chooses (libcurl, then URLSession): the file holds the final answer's body, and no
/// partial file is left for the informational head (URLSession on Linux hands it over as a
/// response of its own).
final class DownloadInformationalHeadWireTests: ResumeWireTestCase {
    func test_earlyHintsBeforeTheFinalHead_savesTheFinalBody_andLeavesNoPartialFile() async throws {
        // Given
        let answer =
            "HTTP/1.1 103 Early Hints\r\nLink: </app.css>; rel=preload\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nfinal"
        let server = try RecordingServer(response: Data(answer.utf8))
        defer { server.stop() }
        let destination = destination
        let target = HTTPBinTarget(
            server.baseURL, "/file", task: .downloadDestination { _, _ in (destination, [.removePreviousFile]) },
            validationType: .successCodes, timeoutInterval: 10)

        // When
        let response = try await provider().request(target)

        // Then
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(try Data(contentsOf: destination), Data("final".utf8))
        XCTAssertEqual(partialFiles, [])
    }
}
