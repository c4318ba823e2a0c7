#if os(Linux)
    import Foundation
    import Glibc
    import XCTest

    @testable import Courier

    /// How a WebSocket's thread waits on its socket and the pipe that wakes it: it reads the pipe
    /// only when the pipe holds a signal (a read that found nothing was one system call in three
    /// while a large message arrived), and a signal given before the wait still ends it.
    final class SocketWakeupTests: XCTestCase {
        private var ends: [Int32] = [-1, -1]

        override func setUpWithError() throws {
            try XCTSkipUnless(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0, "no socket pair")
        }

        override func tearDown() {
            for end in ends where end >= 0 { close(end) }
        }

        func test_signalBeforeTheWait_endsIt_andIsTakenOnce() {
            let wakeup = SocketWakeup()
            wakeup.signal()
            wakeup.signal()

            XCTAssertEqual(wakeup.wait(on: ends[0], for: Int16(POLLIN), timeout: 5_000), 0)
            // Both signals were taken: the next wait runs to its timeout.
            let start = ContinuousClock.now
            XCTAssertEqual(wakeup.wait(on: ends[0], for: Int16(POLLIN), timeout: 50), 0)
            XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(40))
        }

        func test_readableSocket_returnsItsEvents_andASignalAfterwardsEndsTheNextWait() {
            let wakeup = SocketWakeup()
            var byte: UInt8 = 7
            XCTAssertEqual(write(ends[1], &byte, 1), 1)

            XCTAssertEqual(wakeup.wait(on: ends[0], for: Int16(POLLIN), timeout: 5_000) & Int16(POLLIN), Int16(POLLIN))
            XCTAssertEqual(read(ends[0], &byte, 1), 1)
            wakeup.signal()
            XCTAssertEqual(wakeup.wait(on: ends[0], for: Int16(POLLIN), timeout: 5_000), 0)
        }

        func test_signalFromAnotherThread_endsAWaitUnderWay() {
            let wakeup = SocketWakeup()
            let signalled = expectation(description: "signalled")
            Thread.detachNewThread {
                usleep(50_000)
                wakeup.signal()
                signalled.fulfill()
            }
            let start = ContinuousClock.now
            XCTAssertEqual(wakeup.wait(on: ends[0], for: Int16(POLLIN), timeout: 10_000), 0)
            XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
            wait(for: [signalled], timeout: 5)
        }
    }
#endif
