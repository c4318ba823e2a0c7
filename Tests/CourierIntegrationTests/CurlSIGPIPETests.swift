#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// A peer that resets its connection must not kill the process with SIGPIPE (issue 21, item 16).
    /// libcurl 7.68 to 7.86 with OpenSSL lets OpenSSL write to sockets itself, without
    /// MSG_NOSIGNAL, and CURLOPT_NOSIGNAL stops libcurl from ignoring SIGPIPE around it; from 7.87
    /// OpenSSL writes through libcurl, which never raises SIGPIPE. So Courier blocks SIGPIPE on the
    /// thread that drives libcurl, and around every cleanup made elsewhere.
    final class CurlSIGPIPETests: XCTestCase {
        func test_eventLoopThread_hasSIGPIPEBlocked() async throws {
            // Given: a transport whose loop has started
            let transport = try CurlTransport()
            _ = try await transport.send(
                TransportRequest(urlRequest: URLRequest(url: try HTTPBin.baseURL().appendingPathComponent("get"))))

            // When
            let masks = try Self.blockedSignalMasks(ofThreadsNamed: "Courier.Curl")

            // Then: SIGPIPE (13) is bit 12 of the blocked set
            XCTAssertFalse(masks.isEmpty, "no event loop thread found")
            for mask in masks {
                XCTAssertNotEqual(mask & (1 << (UInt64(SIGPIPE) - 1)), 0, String(mask, radix: 16))
            }
        }

        private static let child = "CourierIntegrationTests.CurlSIGPIPETests/test_child_peersThatReset"

        func test_peersThatReset_leaveTheProcessRunning() throws {
            // Given
            _ = try TLSServer.running()

            // When / Then: in a child process, so that a SIGPIPE kills the child, not the test run
            try ChildTestProcess.assertPasses(Self.child)
        }

        /// Runs only in the child: over HTTP/2 and HTTP/1.1, a reset instead of an answer, and a
        /// reset of an idle pooled connection that the next request and the transport's cleanup
        /// (a TLS close_notify) then write to.
        func test_child_peersThatReset() async throws {
            try XCTSkipUnless(ChildTestProcess.isChild(Self.child))
            let server = try TLSServer.running()
            for version in [CurlTransport.HTTPVersion.http2OverTLS, .http1] {
                // Given
                var configuration = CurlTransport.Configuration.default
                configuration.trustedCertificates = URL(fileURLWithPath: server.caFile)
                configuration.httpVersion = version
                var transport: CurlTransport? = try CurlTransport(configuration: configuration)
                func send(_ path: String) async -> Int? {
                    let request = TransportRequest(
                        urlRequest: URLRequest(url: server.good.appendingPathComponent(path)))
                    return try? await transport?.send(request).response.statusCode
                }

                // When
                let refused = await send("reset")
                let answered = await send("then-reset")
                try await Task.sleep(for: .milliseconds(300))
                let afterTheReset = await send("again")
                _ = await send("then-reset")
                try await Task.sleep(for: .milliseconds(300))
                transport = nil
                await CurlLoopThreads.waitUntilEnded()

                // Then: still running, with the answers a reset allows
                XCTAssertNil(refused, "\(version)")
                XCTAssertEqual(answered, 200, "\(version)")
                XCTAssertEqual(afterTheReset, 200, "\(version)")
            }
        }

        /// The blocked-signal masks (`SigBlk` of /proc) of this process's threads whose name
        /// starts with `prefix`.
        private static func blockedSignalMasks(ofThreadsNamed prefix: String) throws -> [UInt64] {
            try CurlLoopThreads.named(prefix).compactMap { task -> UInt64? in
                guard let status = try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8),
                    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
                    let hex = line.split(separator: "\t").last
                else { return nil }
                return UInt64(hex.trimmingCharacters(in: .whitespaces), radix: 16)
            }
        }
    }
#endif
