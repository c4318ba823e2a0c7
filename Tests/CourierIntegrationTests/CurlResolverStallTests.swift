#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// A transfer that ends while its host name is still resolving (a timeout, a cancel) must not
    /// stall the transport: libcurl's threaded resolver cannot be interrupted, and removing a
    /// handle waits for it unless told not to (issue 21, item 5). Both ways Courier leaves such a
    /// transfer are checked on this libcurl: `CURLOPT_QUICK_EXIT` (7.87 and later) and parking
    /// (before). In a child process whose resolver (`scripts/test-resolver.c`) takes 4 s for
    /// names starting with `slow`.
    final class CurlResolverStallTests: XCTestCase {
        private static let child = "CourierIntegrationTests.CurlResolverStallTests/test_child_slowLookups"

        func test_slowLookups_neitherHoldTheirCallersNorStallOtherTransfers() throws {
            // Given
            let environment = try TestResolver.environment(slowSeconds: 4)
            _ = try SSEServer.baseURL()

            // When / Then
            try ChildTestProcess.assertPasses(Self.child, environment: environment)
        }

        /// Runs only in the child, where `slow…` names take 4 s to resolve.
        func test_child_slowLookups() async throws {
            try XCTSkipUnless(ChildTestProcess.isChild(Self.child))
            let server = try SSEServer.baseURL()
            let port = try XCTUnwrap(server.port)
            for (index, release) in [CurlResolverRelease.available, .parking].enumerated() {
                // Given: a stream on the same transport, an event every 50 ms
                let transport = try CurlTransport(configuration: .default, resolverRelease: release)
                let drip = URLRequest(
                    url: try XCTUnwrap(URL(string: "\(server.absoluteString)/events/drip?interval=50")))
                let stream = try await transport.stream(TransportRequest(urlRequest: drip))
                let arrivals = Locked<[ContinuousClock.Instant]>([])
                let reader = Task {
                    for try await _ in stream.body { arrivals.withLock { $0.append(.now) } }
                }
                let slow = try XCTUnwrap(URL(string: "http://slow-\(index)-a.test:\(port)/timeout"))
                let cancelled = try XCTUnwrap(URL(string: "http://slow-\(index)-b.test:\(port)/cancel"))
                let started = ContinuousClock.now

                // When: a 1 s timeout and a cancel after 0.5 s, both during their lookups
                var timingOut = URLRequest(url: slow)
                timingOut.timeoutInterval = 1
                let timeout = await timedSend(timingOut, on: transport)
                let cancelling = Task { await timedSend(URLRequest(url: cancelled), on: transport) }
                try await Task.sleep(for: .milliseconds(500))
                let cancelledAt = ContinuousClock.now
                cancelling.cancel()
                let cancel = await cancelling.value
                let cancelEnded = ContinuousClock.now
                try await Task.sleep(for: .milliseconds(300))
                reader.cancel()

                // Then: each caller is answered in time, and the stream never paused
                XCTAssertEqual(timeout.error?.code, .timedOut, "\(release)")
                XCTAssertLessThan(timeout.elapsed, .milliseconds(1800), "\(release): the timeout waited for the lookup")
                XCTAssertEqual(cancel.error?.code, .cancelled, "\(release)")
                XCTAssertLessThan(cancelEnded - cancelledAt, .milliseconds(800), "\(release): the cancel waited")
                let times = arrivals.value.filter { $0 >= started }
                let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
                XCTAssertGreaterThan(times.count, 10, "\(release)")
                XCTAssertLessThan(gaps.max() ?? .zero, .milliseconds(700), "\(release): the stream stalled")
                print(
                    "\(release): timeout after \(timeout.elapsed), cancel after \(cancelEnded - cancelledAt), longest gap \(gaps.max() ?? .zero)"
                )
            }
        }
    }

    /// How a request ended, and how long it took.
    private struct Outcome: Sendable {
        let error: URLError?
        let elapsed: Duration
    }

    /// Sends `request` on `transport` and says how it ended.
    private func timedSend(_ request: URLRequest, on transport: CurlTransport) async -> Outcome {
        let started = ContinuousClock.now
        do {
            _ = try await transport.send(TransportRequest(urlRequest: request))
            return Outcome(error: nil, elapsed: ContinuousClock.now - started)
        } catch {
            return Outcome(error: error as? URLError, elapsed: ContinuousClock.now - started)
        }
    }
#endif
