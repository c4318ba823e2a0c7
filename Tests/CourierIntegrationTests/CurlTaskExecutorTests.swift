#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// ``CurlTransport/taskExecutor``: a task that prefers it goes on, after each request, on the
    /// transport's own thread, without a hop; actor-isolated code stays on its actor; without the
    /// preference nothing of the caller's runs there; and the executor runs its jobs whatever the
    /// loop's state, cancellation included.
    final class CurlTaskExecutorTests: XCTestCase {
        /// The name of the event loop's thread (`courier_curl_name_thread`).
        private static let loopThread = "Courier.Curl"

        func test_requestInATaskThatPrefersTheExecutor_goesOnOnTheLoopThread() async throws {
            // Given
            let request = try Self.request("get")
            let transport = try CurlTransport()

            // When
            let (status, thread) = try await Task(executorPreference: transport.taskExecutor) {
                let answer = try await transport.send(request)
                return (answer.response.statusCode, currentThreadName())
            }.value

            // Then
            XCTAssertEqual(status, 200)
            XCTAssertEqual(thread, Self.loopThread)
        }

        func test_providerRequestInATaskThatPrefersTheExecutor_goesOnOnTheLoopThread() async throws {
            // Given: the pipeline around the transport (plugins, validation) and a second request
            let base = try HTTPBin.baseURL()
            let transport = try CurlTransport()
            let provider = Provider<HTTPBinTarget>(transport: transport)

            // When
            let threads = try await Task(executorPreference: transport.taskExecutor) {
                var threads: [String] = []
                for _ in 0..<2 {
                    let response = try await provider.request(HTTPBinTarget(base, "/get"))
                    XCTAssertEqual(response.statusCode, 200)
                    threads.append(currentThreadName())
                }
                return threads
            }.value

            // Then
            XCTAssertEqual(threads, [Self.loopThread, Self.loopThread])
        }

        func test_requestWithoutThePreference_goesOnOffTheLoopThread() async throws {
            // Given
            let request = try Self.request("get")
            let transport = try CurlTransport()

            // When
            let answer = try await transport.send(request)

            // Then: the caller's code never runs on the loop unless it asks to
            XCTAssertEqual(answer.response.statusCode, 200)
            XCTAssertNotEqual(currentThreadName(), Self.loopThread)
        }

        @MainActor
        func test_mainActorCallerThatPrefersTheExecutor_goesOnOnTheMainActor() async throws {
            // Given
            let base = try HTTPBin.baseURL()
            let transport = try CurlTransport()
            let provider = Provider<HTTPBinTarget>(transport: transport)

            // When
            let response = try await withTaskExecutorPreference(transport.taskExecutor) {
                try await provider.request(HTTPBinTarget(base, "/get"))
            }

            // Then
            XCTAssertEqual(response.statusCode, 200)
            XCTAssertTrue(isMainThread(), "a main-actor caller left the main actor")
        }

        func test_jobOnAnIdleTransport_startsTheLoopThread() async throws {
            // Given: a transport that has sent nothing, so its loop has no thread yet
            let transport = try CurlTransport()

            // When
            let thread = await Task(executorPreference: transport.taskExecutor) { currentThreadName() }.value

            // Then
            XCTAssertEqual(thread, Self.loopThread)
        }

        func test_jobAfterTheTransportIsGone_stillRuns() async throws {
            // Given: an executor kept after its transport was released, once the loop had run
            let request = try Self.request("get")
            var transport: CurlTransport? = try CurlTransport()
            let executor = try XCTUnwrap(transport).taskExecutor
            _ = try await transport?.send(request)
            transport = nil

            // When
            let thread = await Task(executorPreference: executor) { currentThreadName() }.value

            // Then
            XCTAssertEqual(thread, Self.loopThread)
        }

        func test_cancelledRequestInATaskThatPrefersTheExecutor_failsAsCancelled() async throws {
            // Given: a request the server answers only after ten seconds
            let slow = try Self.request("delay/10")
            let get = try Self.request("get")
            let transport = try CurlTransport()
            let task = Task(executorPreference: transport.taskExecutor) { try await transport.send(slow) }
            try await Task.sleep(for: .milliseconds(200))

            // When
            task.cancel()

            // Then
            let result = await task.result.map(\.response.statusCode)
            XCTAssertEqual(result.failureCode, .cancelled, "\(result)")
            let after = try await Task(executorPreference: transport.taskExecutor) {
                try await transport.send(get).response.statusCode
            }.value
            XCTAssertEqual(after, 200, "the loop no longer answers")
        }

        private static func request(_ path: String) throws -> TransportRequest {
            TransportRequest(urlRequest: URLRequest(url: try HTTPBin.baseURL().appendingPathComponent(path)))
        }
    }

    extension Result where Failure == any Error {
        /// The `URLError` code of a failure, or `nil`.
        fileprivate var failureCode: URLError.Code? {
            guard case .failure(let error) = self else { return nil }
            return (error as? URLError)?.code
        }
    }

    /// The current thread's name (its pthread name on Linux), read outside any async context.
    private func currentThreadName() -> String {
        Thread.current.name ?? ""
    }

    private func isMainThread() -> Bool {
        Thread.isMainThread
    }
#endif
