#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// The event loop's thread drives every transfer of a transport: nothing a server sends and
    /// nothing an app's callback does may hold it, or grow it without end (issue 21, item 17).
    final class CurlLoopThreadTests: XCTestCase {
        private struct Sent: Decodable {
            let bytes: Int
        }

        func test_headThatNeverEnds_failsAsABadServerResponse_atTheLimit() async throws {
            // Given: header lines that never end, and an idle timeout they never let run out
            let base = try MisbehavingServer.baseURL()
            let id = UUID().uuidString
            let transport = try CurlTransport()
            var request = URLRequest(url: try XCTUnwrap(URL(string: "\(base.absoluteString)/endless-head?id=\(id)")))
            request.timeoutInterval = 5
            let started = ContinuousClock.now

            // When
            let failure: (any Error)?
            do {
                _ = try await transport.send(TransportRequest(urlRequest: request))
                failure = nil
            } catch {
                failure = error
            }

            // Then
            let error = try XCTUnwrap(failure as? URLError, "\(String(describing: failure))")
            XCTAssertEqual(error.code, .badServerResponse, "\(error)")
            XCTAssertTrue(error.localizedDescription.contains("header lines"), error.localizedDescription)
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(3))
            try await Task.sleep(for: .milliseconds(200))
            let sentURL = try XCTUnwrap(URL(string: "\(base.absoluteString)/sent?id=\(id)"))
            let sent = try JSONDecoder().decode(
                Sent.self, from: try await transport.send(TransportRequest(urlRequest: URLRequest(url: sentURL))).data)
            XCTAssertLessThan(sent.bytes, 8 << 20, "the head was read on")
            print("endless head: stopped after the server sent \(sent.bytes) bytes")
        }

        func test_slowProgressListener_doesNotStallOtherTransfers() async throws {
            // Given: a listener that takes three seconds over its first report
            let base = try HTTPBin.baseURL()
            let transport = try CurlTransport()
            let entered = Locked(false)
            let slow = TransportRequest(
                urlRequest: URLRequest(url: base.appendingPathComponent("bytes/4096")),
                progress: { _ in
                    let isFirst = entered.withLock { wasEntered in
                        defer { wasEntered = true }
                        return !wasEntered
                    }
                    if isFirst { Thread.sleep(forTimeInterval: 3) }
                })
            let slowRequest = Task { try await transport.send(slow) }
            for _ in 0..<300 where !entered.value { try await Task.sleep(for: .milliseconds(10)) }
            XCTAssertTrue(entered.value)

            // When: another request on the same transport, while the listener sleeps
            let started = ContinuousClock.now
            let answer = try await transport.send(
                TransportRequest(urlRequest: URLRequest(url: base.appendingPathComponent("get"))))
            let elapsed = ContinuousClock.now - started

            // Then
            XCTAssertEqual(answer.response.statusCode, 200)
            XCTAssertLessThan(elapsed, .seconds(1), "the listener held the event loop")
            _ = try await slowRequest.value
        }

        // MARK: - fork()

        private static let forkChild = "CourierIntegrationTests.CurlLoopThreadTests/test_child_requestInAForkedChild"

        func test_requestInAForkedChild_isAnswered() throws {
            // Given
            _ = try HTTPBin.baseURL()

            // When / Then: a process that used a transport forks, and its child sends on that transport
            // (ThreadSanitizer, in the test command's last step, stops a forked child that starts a
            // thread unless told not to: this child must start the loop's)
            let sanitizer = ProcessInfo.processInfo.environment["TSAN_OPTIONS"].map { $0 + ":" } ?? ""
            try ChildTestProcess.assertPasses(
                Self.forkChild, environment: ["TSAN_OPTIONS": sanitizer + "die_after_fork=0"])
        }

        /// Runs only in the child test process, which forks a grandchild.
        func test_child_requestInAForkedChild() throws {
            try XCTSkipUnless(ChildTestProcess.isChild(Self.forkChild))
            // Given: a transport whose event loop runs (its thread exists in this process only)
            let url = try HTTPBin.baseURL().appendingPathComponent("get")
            let transport = try CurlTransport()
            XCTAssertEqual(Self.statusCode(of: url, on: transport, within: 10), 200)
            // Swift tasks can only run in a forked child once dispatch's idle worker threads have
            // ended (after about 5 s): a child forked while they live inherits a pool without threads.
            Thread.sleep(forTimeInterval: 7)

            let parentExecutor = transport.taskExecutor

            // When
            let child = fork()
            if child == 0 {
                let status = Self.statusCode(of: url, on: transport, within: 10)
                guard status == 200 else { _exit(status == nil ? 3 : 4) }
                _exit(Self.runsJob(on: parentExecutor, within: 10) ? 0 : 5)
            }

            // Then: the child's request was answered, rather than left waiting for a thread it lacks,
            // and so was a task that prefers the parent's executor
            var status: Int32 = 0
            XCTAssertEqual(waitpid(child, &status, 0), child)
            let failure = [3: "request never ended", 4: "request failed", 5: "task on the parent's executor never ran"]
            XCTAssertEqual(status, 0, "the forked child's \(failure[Int(status >> 8)] ?? "process failed")")
        }

        /// Whether a task that prefers `executor` runs, waited for on this thread for at most `seconds`.
        private static func runsJob(on executor: any TaskExecutor, within seconds: Double) -> Bool {
            let done = DispatchSemaphore(value: 0)
            Task(executorPreference: executor) { done.signal() }
            return done.wait(timeout: .now() + seconds) == .success
        }

        /// The status code of a GET of `url` on `transport`, waited for on this thread for at most
        /// `seconds`; `nil` when it did not end in time.
        private static func statusCode(of url: URL, on transport: CurlTransport, within seconds: Double) -> Int? {
            let done = DispatchSemaphore(value: 0)
            let status = Locked<Int?>(nil)
            Task.detached {
                let answer = try? await transport.send(TransportRequest(urlRequest: URLRequest(url: url)))
                status.withLock { $0 = answer?.response.statusCode ?? -1 }
                done.signal()
            }
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            return status.value
        }
    }
#endif
