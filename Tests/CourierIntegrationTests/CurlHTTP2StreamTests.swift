#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// A paused stream holds the server back by TCP, which works only on a connection no other
    /// transfer reads: on a shared HTTP/2 connection, libcurl keeps reading for the other streams
    /// and a paused one goes on receiving up to its stream window (32 MiB in libcurl 7.88, 10 MiB
    /// in 8.x). So streams go over HTTP/1.1, on connections of their own (issue 21, item 9).
    final class CurlHTTP2StreamTests: XCTestCase {
        private struct Stats: Decodable {
            let bytes: Int
            let `protocol`: String
        }

        func test_pausedStreamNextToABusyHTTP2Transfer_holdsTheServerBack() async throws {
            // Given: an HTTP/2 transfer that stays busy for 3 s on the same host (a whole body)
            let server = try TLSServer.running()
            try XCTSkipUnless(server.http2 && CurlTransport.supportsHTTP2, "needs HTTP/2 in libcurl and the server")
            var configuration = CurlTransport.Configuration.default
            configuration.trustedCertificates = URL(fileURLWithPath: server.caFile)
            let transport = try CurlTransport(configuration: configuration)
            let drip = try request(server.good, "/drip")
            let dripping = Task { try await transport.send(drip) }
            try await Task.sleep(for: .milliseconds(100))
            let tag = UUID().uuidString
            let flood = try await transport.stream(request(server.good, "/flood?tag=\(tag)"))
            var reader = flood.body.makeAsyncIterator()
            _ = try await reader.next()
            let before = try MemoryStatus.read("VmRSS")

            // When: the flood's reader takes nothing more for 2 s
            try await Task.sleep(for: .seconds(2))
            let after = try MemoryStatus.read("VmRSS")
            let stats = try JSONDecoder().decode(
                Stats.self, from: try await transport.send(request(server.good, "/stats?tag=\(tag)")).data)
            flood.body.cancel()
            let dripped = try await dripping.value

            // Then: the server was held back within what sockets buffer, and memory did not grow
            XCTAssertEqual(dripped.data.count, 60 * "data: x\n\n".utf8.count, "the other transfer")
            XCTAssertLessThan(stats.bytes, 16 << 20, "the paused stream kept receiving over \(stats.protocol)")
            XCTAssertLessThan(after - before, 8 << 20)
            print(
                "paused stream next to an HTTP/2 transfer: server sent \(stats.bytes) bytes over \(stats.protocol), "
                    + "RSS \(before >> 20) MiB → \(after >> 20) MiB")
            _ = reader
        }

        private func request(_ base: URL, _ path: String) throws -> TransportRequest {
            var request = URLRequest(url: try XCTUnwrap(URL(string: base.absoluteString + path)))
            request.timeoutInterval = 10
            return TransportRequest(urlRequest: request)
        }
    }
#endif
