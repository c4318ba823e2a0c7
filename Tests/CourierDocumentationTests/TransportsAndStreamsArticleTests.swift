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

/// The Transports and Streams article's examples, run against httpbin.
final class TransportsAndStreamsArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/TransportsAndStreams.md", by: #filePath)
    }

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
