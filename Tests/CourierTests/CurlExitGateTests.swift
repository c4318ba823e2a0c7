#if os(Linux)
    import CCourierCurl
    import CourierTestSupport
    import Foundation
    import XCTest

    @testable import Courier

    /// When the process exits, the libcurl transport's event loop stops freeing and driving
    /// connections before the TLS library's exit handler frees what they use: a child test process
    /// crashed once with "double free or corruption" on the loop's thread as it exited.
    final class CurlExitGateTests: XCTestCase {
        private static let child = "CourierTests.CurlExitGateTests/test_child_afterTheGateCloses"

        func test_closedGate_turnsAwayTheTransportsCleanups() throws {
            try ChildTestProcess.assertPasses(Self.child)
        }

        /// Runs only in the child: the gate cannot be reopened.
        func test_child_afterTheGateCloses() async throws {
            try XCTSkipUnless(ChildTestProcess.isChild(Self.child))
            // Given: a transport whose loop has handles to free
            var transport: CurlTransport? = try CurlTransport()
            XCTAssertNotNil(transport)
            XCTAssertEqual(courier_curl_exit_gate_refusals(), 0)

            // When: the gate closes, as at exit, and the transport goes
            courier_curl_close_exit_gate()
            transport = nil
            for _ in 0..<250 where courier_curl_exit_gate_refusals() == 0 {
                try await Task.sleep(for: .milliseconds(20))  // the loop releases the transport's handles
            }

            // Then: its cleanups were turned away, not run against a TLS library being torn down
            XCTAssertGreaterThan(courier_curl_exit_gate_refusals(), 0)
        }
    }
#endif
