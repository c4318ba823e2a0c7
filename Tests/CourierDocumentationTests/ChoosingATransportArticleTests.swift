import Courier
import CourierTestSupport
import XCTest

/// The Choosing a Transport article's examples, and its claims about the default transport.
final class ChoosingATransportArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/ChoosingATransport.md", by: #filePath)
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

    func test_pinnedConfiguration_makesATransport() throws {
        #if os(Linux)
            var pinned = CurlTransport.Configuration.default
            pinned.trustedCertificates = URL(fileURLWithPath: "/etc/myapp/ca.pem")
            pinned.pinnedPublicKeys = ["api.example.com": ["k7iFrf4Nsd+QBqQz5PmDq1pRjCyUOgVdT8U4FxBYs6E="]]
            let pinnedTransport = try CurlTransport(configuration: pinned)
            XCTAssertEqual(pinnedTransport.configuration.pinnedPublicKeys.count, 1)
        #endif
    }
}
