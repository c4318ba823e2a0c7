import CourierTestSupport
import Foundation
import XCTest

@testable import courier_demo

/// `courier-demo cache`: the provider's HTTP cache, offline and against httpbin.
final class DemoCacheTests: XCTestCase {
    private func assertTour(_ output: String, file: StaticString = #filePath, line: UInt = #line) {
        let lines = output.split(separator: "\n").map(String.init)
        let expected = [
            "GET /cache/60 → 200 from the network", "GET /cache/60 → 200 from the cache, no request sent",
            "GET /etag/courier → 200 from the network",
            "GET /etag/courier → 200 from the cache after the server's 304 Not Modified",
            "GET /cache/0 → 200 from the network",
            "(offline) GET /cache/0 → 200 from the cache, stale, because the network failed",
        ]
        let steps = lines.filter { $0.hasPrefix("   ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(steps.count, expected.count, output, file: file, line: line)
        for (step, start) in zip(steps, expected) {
            XCTAssertTrue(step.hasPrefix(start), "\(step) should start with \(start)", file: file, line: line)
        }
    }

    func test_cacheOffline_showsAReuseARevalidationAndAnOfflineFallback() throws {
        // When
        let run = try DemoProcess.run(["cache"])
        // Then
        XCTAssertEqual(run.status, 0, run.standardError)
        assertTour(run.standardOutput)
    }

    func test_cacheLive_againstHTTPBin_showsTheSame() throws {
        // When
        let run = try DemoProcess.run(["--base-url", try HTTPBin.baseURL().absoluteString, "cache"])
        // Then
        XCTAssertEqual(run.status, 0, run.standardError)
        assertTour(run.standardOutput)
    }

    func test_parse_findsTheCacheCommand_andRefusesArguments() throws {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:8080"))
        XCTAssertEqual(try CacheCommand.parse(["cache"])?.get(), CacheCommand(source: .offline))
        XCTAssertEqual(
            try CacheCommand.parse(["--base-url", url.absoluteString, "cache"])?.get(),
            CacheCommand(source: .live(baseURL: url)))
        XCTAssertEqual(try CacheCommand.parse(["cache", "--help"])?.get(), CacheCommand(source: .help))
        XCTAssertNil(CacheCommand.parse(["get"]))
        guard case .failure(let error)? = CacheCommand.parse(["cache", "twice"]) else { return XCTFail() }
        XCTAssertTrue(error.line.contains("cache takes no argument 'twice'"), error.line)
    }
}
