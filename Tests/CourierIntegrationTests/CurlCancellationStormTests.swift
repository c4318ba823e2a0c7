#if os(Linux)
    import Courier
    import XCTest

    /// The cancellation storm of ``CancellationStormTests`` over the libcurl transport: hundreds of
    /// requests cancelled at random, over every API, each ending exactly once.
    final class CurlCancellationStormTests: CancellationStormTests {
        /// A libcurl transport allowing 64 connections to the server, as the URLSession suite does.
        override func makeTransport() -> any HTTPTransport {
            var configuration = CurlTransport.Configuration.default
            configuration.maximumConnectionsPerHost = 64
            do {
                return try CurlTransport(configuration: configuration)
            } catch {
                XCTFail("libcurl could not be loaded: \(error)")
                return URLSessionTransport()
            }
        }

        func test_600RequestsCancelledAtRandom_overLibcurl_eachEndsExactlyOnce() async throws {
            try await runStorm()
        }

        /// The same storm with every request's task preferring the transport's executor, so that
        /// requests start, end and are cancelled from code running on the event loop's own thread.
        func test_600RequestsCancelledAtRandom_onTheTransportsExecutor_eachEndsExactlyOnce() async throws {
            try await runStorm { transport in
                let executor = (transport as? CurlTransport)?.taskExecutor ?? globalConcurrentExecutor
                return { operation in Task(executorPreference: executor, operation: operation) }
            }
        }
    }
#endif
