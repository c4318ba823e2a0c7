#if os(Linux)
    import CourierTestSupport
    import Foundation
    import FoundationNetworking
    import XCTest

    @testable import Courier

    /// What a server writes in a head reaches three readers over libcurl: the head parser, the
    /// redirect rule and a resumed download's plan. Heads made of the pieces real and hostile heads
    /// are made of, joined at random, never trap any of them, and what they accept stays in bounds.
    final class ServerHeadPropertyTests: XCTestCase {
        override func setUpWithError() throws {
            try SanitizedRun.skipInputMatrix()
        }

        private static let pieces = [
            "HTTP/1.1 ", "HTTP/2 ", "HTTP/1.0", "200", "206", "301", "99999999999999999999", "-1", " ", ":", ": ", "\r",
            "\n", "Location", "Content-Range", "Content-Length", "bytes ", "-", "/", "*", "0", "100", "999", "1000",
            "9223372036854775807", "18446744073709551616", "ETag", "\"v1\"", "W/", "Last-Modified", "http://",
            "https://",
            "ftp://", "//x", "%", "%zz", "\u{0}", "\u{7f}", "é", "\u{FEFF}", "a", "Content-Encoding", "gzip", ",", ";",
            "\t", "Transfer-Encoding", "chunked", "[::1]", "user:pw@", "?", "#", "..",
        ]

        func test_randomHeads_neverTrapTheParserTheRedirectRuleOrADownloadsPlan() throws {
            // Given: a partial download to resume, and a seeded mix of head pieces
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heads-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let partial = folder.appendingPathComponent("partial.tmp")
            let url = URL(string: "https://files.example/report.pdf")!
            let point = DownloadResumePoint(
                url: url, partialFileURL: partial, bytesReceived: 100, totalBytes: 1000, entityTag: "\"v1\"",
                lastModified: nil)
            var generator = SeededGenerator(seed: 0x4EAD)

            for iteration in 0..<20_000 {
                if !FileManager.default.fileExists(atPath: partial.path) { try Data(count: 100).write(to: partial) }
                // When: a head of up to 8 random lines
                var head = CurlResponseHead()
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    let line = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                        Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &generator)]
                    }.joined()
                    _ = Array((line + "\r\n").utf8).withUnsafeBytes { head.consume($0) }
                }
                _ = Array("\r\n".utf8).withUnsafeBytes { head.consume($0) }
                head.url = url
                let response = head.makeResponse()
                var keepsBody = false
                var request = URLRequest(url: url)
                request.httpMethod = iteration % 3 == 0 ? "POST" : "GET"
                let redirect = CurlRedirect.next(
                    after: [301, 302, 303, 307, 308][iteration % 5], location: head.value("Location"), request: request,
                    originalURL: url, keepsBody: &keepsBody)
                let download = ResumableDownload(url: url, continuing: iteration % 2 == 0 ? point : nil)
                let plan = try? DownloadBodyPlan.make(
                    for: download, statusCode: [200, 206, 416, head.statusCode][iteration % 4], header: head.value)

                // Then
                XCTAssertTrue((0...999).contains(head.statusCode), "\(head.statusCode)")
                if let response { XCTAssertEqual(response.statusCode, head.statusCode) }
                if let target = redirect?.url {
                    XCTAssertTrue(["http", "https"].contains(target.scheme ?? ""), "\(target)")
                }
                if let plan {
                    XCTAssertGreaterThanOrEqual(plan.offset, 0)
                    _ = plan.overrun(fileBytes: Int64.random(in: 0...Int64.max, using: &generator))
                    _ = plan.shortfall(fileBytes: Int64.random(in: 0...Int64.max, using: &generator))
                }
            }
        }
    }
#endif
