#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// The event loop keeps easy handles for reuse: 256 at least, and while it is busy, as many as
    /// were in flight at once, so that a load of more than 256 transfers reuses handles rather
    /// than having libcurl build and free one for most transfers; back to 256 once it is idle.
    final class CurlHandlePoolTests: XCTestCase {
        private struct Numbered: Decodable {
            let together: Bool
        }

        func test_moreThan256InFlight_secondWaveReusesHandles_poolShrinksWhenIdle() async throws {
            // Given: one request held the whole time (the loop stays busy), and room for 301
            let base = try MisbehavingServer.baseURL()
            let wave = 300
            var configuration = CurlTransport.Configuration.default
            configuration.maximumConnectionsPerHost = wave + 1
            let transport = try CurlTransport(configuration: configuration)
            let keeperID = UUID().uuidString
            func gather(_ id: String, count: Int) throws -> TransportRequest {
                let url = try XCTUnwrap(URL(string: "\(base.absoluteString)/gather?id=\(id)&count=\(count)&n=0"))
                var request = URLRequest(url: url)
                request.timeoutInterval = 30
                return TransportRequest(urlRequest: request)
            }
            let keeperRequest = try gather(keeperID, count: 2)
            let keeper = Task { try await transport.send(keeperRequest) }
            func runWave() async throws {
                let request = try gather(UUID().uuidString, count: wave)
                try await withThrowingTaskGroup(of: Bool.self) { group in
                    for _ in 0..<wave {
                        group.addTask {
                            let answer = try await transport.send(request)
                            return try JSONDecoder().decode(Numbered.self, from: answer.data).together
                        }
                    }
                    for try await together in group { XCTAssertTrue(together) }
                }
            }

            // When: two waves of 300, one after the other
            try await runWave()
            try await waitForLoopRound(transport)
            let madeAfterFirst = transport.easyHandleCounts.made
            try await runWave()
            try await waitForLoopRound(transport)
            let madeAfterSecond = transport.easyHandleCounts.made
            _ = try await transport.send(try gather(keeperID, count: 2))
            _ = try await keeper.value
            let idle = await transport.becomesIdle(within: 5)
            var pooled = transport.easyHandleCounts.pooled
            for _ in 0..<300 where pooled != 256 {
                try await Task.sleep(for: .milliseconds(10))
                pooled = transport.easyHandleCounts.pooled
            }

            // Then: the first wave made its handles, the second made none, and the idle pool is 256
            XCTAssertGreaterThanOrEqual(madeAfterFirst, wave + 1)
            XCTAssertEqual(madeAfterSecond, madeAfterFirst, "the second wave made handles")
            XCTAssertTrue(idle)
            XCTAssertEqual(pooled, 256)
        }

        /// Lets the loop go round once more, so that the counts it publishes are current.
        private func waitForLoopRound(_ transport: CurlTransport) async throws {
            let url = try XCTUnwrap(URL(string: "\(try MisbehavingServer.baseURL().absoluteString)/numbered?n=0"))
            _ = try await transport.send(TransportRequest(urlRequest: URLRequest(url: url)))
        }
    }
#endif
