#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// A pinned host is pinned however it is spelled, in the key or in the URL: any case, one
    /// trailing dot, Unicode or `xn--` (issue 21, item 2), and an IP address in any of the forms
    /// libcurl connects to it by. The names are `.test` names of the TLS
    /// test server's certificate, which the test resolver (`scripts/test-resolver.c`) sends to
    /// 127.0.0.1 in a child process.
    final class CurlPinnedHostNameTests: XCTestCase {
        private static let child = "CourierIntegrationTests.CurlPinnedHostNameTests/test_child_spellings"

        func test_pinnedHostWrittenAnotherWay_isStillPinned() throws {
            // Given
            let environment = try TestResolver.environment()
            _ = try TLSServer.running()

            // When / Then
            try ChildTestProcess.assertPasses(Self.child, environment: environment)
        }

        /// Runs only in the child, where `.test` names reach the TLS test server.
        func test_child_spellings() async throws {
            try XCTSkipUnless(ChildTestProcess.isChild(Self.child))
            let server = try TLSServer.running()
            let port = try XCTUnwrap(server.good.port)
            let wrong = Data(repeating: 7, count: 32).base64EncodedString()
            let cases: [(key: String, url: String)] = [
                ("pinned.test", "https://pinned.test.:\(port)/dot"),
                ("pinned.test", "https://PINNED.TEST:\(port)/case"),
                ("PINNED.Test.", "https://pinned.test:\(port)/key"),
                ("bücher.test", "https://bücher.test:\(port)/unicode"),
                ("bücher.test", "https://xn--bcher-kva.test:\(port)/ascii"),
                ("XN--BCHER-KVA.TEST", "https://BÜCHER.test.:\(port)/both"),
                ("127.0.0.1", "https://127.1:\(port)/short"),
                ("127.0.0.1", "https://2130706433:\(port)/decimal"),
                ("127.0.0.1", "https://0x7f.0.0.1:\(port)/hex"),
                ("0177.0.0.1", "https://127.0.0.1:\(port)/octal-key"),
            ]
            for (key, url) in cases {
                // Given
                let target = HTTPBinTarget(try XCTUnwrap(URL(string: url)), "", timeoutInterval: 5)

                // When: pinned to another key, and to the server's own
                let refused = try await provider(pins: [key: [wrong]]).result(target)
                let accepted = try await provider(pins: [key: [server.pin]]).result(target)

                // Then
                guard case .failure(.underlying(let error as TLSError, _)) = refused else {
                    XCTFail("\(key) → \(url): \(refused)")
                    continue
                }
                XCTAssertEqual(error.reason, .pinnedKeyMismatch, "\(key) → \(url)")
                XCTAssertEqual(try accepted.get().statusCode, 200, "\(key) → \(url)")
            }
            await CurlLoopThreads.waitUntilEnded()  // before this child process exits
        }

        private func provider(pins: [String: [String]]) throws -> Provider<HTTPBinTarget> {
            var configuration = CurlTransport.Configuration.default
            configuration.trustedCertificates = URL(fileURLWithPath: try TLSServer.running().caFile)
            configuration.pinnedPublicKeys = pins
            return Provider(transport: try CurlTransport(configuration: configuration))
        }
    }
#endif
