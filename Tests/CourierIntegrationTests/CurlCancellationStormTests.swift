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
    }
#endif
