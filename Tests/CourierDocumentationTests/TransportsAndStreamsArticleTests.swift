import Courier
import CourierTestSupport
import XCTest

/// A feed on httpbin, for the Transports and Streams article's examples.
private struct Feed: TargetType {
    let baseURL: URL
    var path: String { "/stream/3" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
}

/// The Transports and Streams article's examples, run against httpbin, and its claims about the
/// default transport.
final class TransportsAndStreamsArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/TransportsAndStreams.md", by: #filePath)
    }

    func test_defaultProvider_usesTheDefaultTransport() {
        let provider = Provider<GitHub>()  // DefaultTransport.shared: libcurl on Linux, URLSession elsewhere
        XCTAssertTrue(provider.transport as AnyObject === DefaultTransport.shared as AnyObject)
    }

    func test_fallbackReason_isSetOnlyWhenTheDefaultIsNotCurl() {
        if let reason = DefaultTransport.fallbackReason {
            print("Courier sends with URLSession: \(reason)")
            XCTAssertTrue(DefaultTransport.shared is URLSessionTransport)
        }
        #if os(Linux)
            if ProcessInfo.processInfo.environment["COURIER_TRANSPORT"] == nil {
                XCTAssertNil(DefaultTransport.fallbackReason, "libcurl should load on this machine")
                XCTAssertTrue(DefaultTransport.shared is CurlTransport)
            }
        #else
            XCTAssertTrue(DefaultTransport.shared is URLSessionTransport)
        #endif
    }

    func test_explicitChoice_isKept() throws {
        let viaURLSession = Provider<GitHub>(transport: URLSessionTransport.shared)
        XCTAssertTrue(viaURLSession.transport is URLSessionTransport)

        #if os(Linux)
            var configuration = CurlTransport.Configuration.default
            configuration.maximumConnectionsPerHost = 32
            let viaCurl = Provider<GitHub>(transport: try CurlTransport(configuration: configuration))
            XCTAssertEqual((viaCurl.transport as? CurlTransport)?.configuration.maximumConnectionsPerHost, 32)
        #endif
    }

    func test_pinnedConfiguration_makesATransportOnEveryPlatform() throws {
        let trust = ServerTrustPolicy(
            trustedCertificates: URL(fileURLWithPath: "/etc/myapp/ca.pem"),
            pinnedPublicKeys: ["api.example.com": ["k7iFrf4Nsd+QBqQz5PmDq1pRjCyUOgVdT8U4FxBYs6E="]])

        #if os(Linux)
            var pinned = CurlTransport.Configuration.default
            pinned.serverTrust = trust
            let pinnedTransport = try CurlTransport(configuration: pinned)
            XCTAssertEqual(pinnedTransport.configuration.serverTrust, trust)
            XCTAssertEqual(pinnedTransport.configuration.pinnedPublicKeys.count, 1)
        #else
            let pinnedTransport = URLSessionTransport(serverTrust: trust)
            XCTAssertEqual(pinnedTransport.serverTrust, trust)
        #endif
    }

    #if os(Linux)
        func test_taskPreferringTheCurlExecutor_sendsFromTheLoopThread() async throws {
            let baseURL = try HTTPBin.baseURL()

            let transport = try CurlTransport()
            let onLoop = Provider<Feed>(transport: transport)
            let response = try await Task(executorPreference: transport.taskExecutor) {
                try await onLoop.request(Feed(baseURL: baseURL))
            }.value

            XCTAssertEqual(response.statusCode, 200)
        }
    #endif

    func test_configuredTransport_sendsWithMoreConnectionsPerHost() async throws {
        // Given
        let configuration = URLSessionTransport.defaultConfiguration()
        configuration.httpMaximumConnectionsPerHost = 16
        let provider = Provider<Feed>(transport: URLSessionTransport(configuration: configuration))

        // When
        let response = try await provider.request(Feed(baseURL: try HTTPBin.baseURL()))

        // Then
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(
            (provider.transport as? URLSessionTransport)?.session.configuration.httpMaximumConnectionsPerHost, 16)
    }

    func test_streamedFeed_isReadPieceByPiece() async throws {
        // Given
        let feedURL = try HTTPBin.baseURL().appendingPathComponent("stream/3")
        var received = Data()
        func consume(_ piece: Data) { received.append(piece) }

        // When
        let transport = URLSessionTransport()
        let stream = try await transport.stream(TransportRequest(urlRequest: URLRequest(url: feedURL)))
        for try await piece in stream.body {
            consume(piece)
        }

        // Then
        XCTAssertEqual(stream.response.statusCode, 200)
        XCTAssertEqual(received.split(separator: UInt8(ascii: "\n")).count, 3)
    }
}
