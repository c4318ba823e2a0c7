#if os(Linux)
    import CCourierCurl
    import Foundation
    import XCTest

    @testable import Courier

    /// The C seam's contract with libcurl about memory and argument types (issue 21, item 15).
    final class CurlEasyHandleTests: XCTestCase {
        override func setUpWithError() throws {
            try XCTSkipIf(CurlLibrary.loadFailure != nil, CurlLibrary.loadFailure ?? "")
        }

        func test_configuredHandle_keepsThePlanItPointsAt_untilReset() throws {
            // Given: a transfer configured on a handle (libcurl now points at its header list)
            let easy = try XCTUnwrap(CurlEasyHandle())
            var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:9/x")))
            request.setValue("yes", forHTTPHeaderField: "X-Probe")
            let transfer = try CurlTransfer(
                TransportRequest(urlRequest: request), sink: .memory, settings: CurlSettings(.default))
            XCTAssertTrue(transfer.configure(easy, share: nil))
            weak var plan: CurlRequestPlan?
            plan = transfer.plan

            // When: a redirect arrives and the transfer builds its next plan
            for line in ["HTTP/1.1 302 Found\r\n", "Location: /y\r\n", "\r\n"] {
                XCTAssertTrue(Array(line.utf8).withUnsafeBytes { transfer.receiveHeaderLine($0) })
            }
            XCTAssertTrue(transfer.hasRedirect)
            try transfer.prepareRedirect()
            XCTAssertFalse(transfer.plan === plan)

            // Then: the handle keeps it until it is reset
            XCTAssertNotNil(plan, "the header list was freed while libcurl still pointed at it")
            easy.reset()
            XCTAssertNil(plan)
        }

        func test_handleThatSentAHost_isMarked_andStaysMarkedAfterReset() throws {
            // Given
            let easy = try XCTUnwrap(CurlEasyHandle())
            var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:9/x")))
            request.setValue("127.0.0.1:9", forHTTPHeaderField: "host")
            let transfer = try CurlTransfer(
                TransportRequest(urlRequest: request), sink: .memory, settings: CurlSettings(.default))

            // When
            XCTAssertFalse(easy.hasCarriedHost)
            XCTAssertTrue(transfer.configure(easy, share: nil))
            easy.reset()

            // Then
            XCTAssertTrue(easy.hasCarriedHost)
        }

        func test_shareLockOption_isPassedAsTheIntLibcurlReads() {
            // libcurl reads CURLSHOPT_SHARE's value with va_arg(param, int): the seam's type says so
            // (this does not compile if it goes back to a long).
            let setopt: (UnsafeMutableRawPointer?, Int32, Int32) -> Int32 = courier_curl_share_setopt_lock
            let share = courier_curl_share_init()
            defer { courier_curl_share_cleanup(share) }
            XCTAssertEqual(setopt(share, COURIER_CURLSHOPT_SHARE, COURIER_CURL_LOCK_DATA_COOKIE), 0)
        }
    }
#endif
