#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// 10,000 sequential requests through one libcurl transport leave no file descriptor and no
    /// memory behind: counted in `/proc/self/fd` and `VmRSS` after a warm-up and at the end.
    ///
    /// Slow (tens of seconds) and sensitive to whatever else the process does, so it runs only with
    /// `COURIER_RESOURCE_TESTS=1`, in a process of its own: `scripts/test.sh` runs it that way.
    final class CurlResourceTests: XCTestCase {
        override func setUpWithError() throws {
            try XCTSkipUnless(
                ProcessInfo.processInfo.environment["COURIER_RESOURCE_TESTS"] == "1",
                "set COURIER_RESOURCE_TESTS=1 to run the resource tests (scripts/test.sh does)")
        }

        private static func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        }

        func test_tenThousandSequentialRequests_leaveNoDescriptorOrMemoryBehind() async throws {
            // Given: connections kept alive, closed by the server, and refused, one after another
            let httpbin = try HTTPBin.baseURL()
            let misbehaving = try MisbehavingServer.baseURL()
            let provider = Provider<HTTPBinTarget>(transport: try CurlTransport())
            let targets = [
                HTTPBinTarget(httpbin, "/bytes/512"),
                HTTPBinTarget(misbehaving, "/ok"),
                HTTPBinTarget(httpbin, "/status/404"),
                HTTPBinTarget(URL(string: "http://127.0.0.1:9")!, "/refused"),
            ]
            func run(_ count: Int) async throws {
                for index in 0..<count {
                    let target = targets[index % targets.count]
                    let result = await provider.result(target)
                    if target.path != "/refused" { _ = try result.get() }
                }
            }
            try await run(1_000)
            let descriptorsBefore = try Self.openDescriptors()
            let memoryBefore = try MemoryStatus.read("VmRSS")

            // When
            try await run(10_000)

            // Then
            let descriptorsAfter = try Self.openDescriptors()
            let memoryAfter = try MemoryStatus.read("VmRSS")
            print(
                "10,000 requests: descriptors \(descriptorsBefore) → \(descriptorsAfter), "
                    + "resident \(memoryBefore >> 10) → \(memoryAfter >> 10) KiB")
            XCTAssertLessThanOrEqual(descriptorsAfter, descriptorsBefore + 2, "file descriptors leak")
            XCTAssertLessThan(memoryAfter - memoryBefore, 8 << 20, "memory grows with every request")
        }
    }
#endif
