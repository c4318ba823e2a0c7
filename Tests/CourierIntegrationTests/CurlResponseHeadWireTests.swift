#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// The `HTTPURLResponse` of a request over the libcurl transport, which the pipeline receives as
    /// a parsed head and turns into a response only when read: it must say what the server sent.
    final class CurlResponseHeadWireTests: XCTestCase {
        func test_providerResponse_carriesTheServersStatusURLAndHeaders() async throws {
            // Given
            let base = try HTTPBin.baseURL()
            let provider = Provider<HTTPBinTarget>(transport: try CurlTransport())
            let target = HTTPBinTarget(
                base, "/response-headers",
                task: .requestParameters(parameters: ["X-Probe": "one two"], encoding: URLEncoding.queryString))

            // When
            let response = try await provider.request(target)

            // Then
            let http = try XCTUnwrap(response.response)
            XCTAssertEqual(http.statusCode, 200)
            XCTAssertEqual(http.url?.path, "/response-headers")
            XCTAssertEqual(http.value(forHTTPHeaderField: "x-probe"), "one two")
            XCTAssertEqual(http.value(forHTTPHeaderField: "Content-Type"), "application/json")
            XCTAssertTrue(http === response.response)
        }

        func test_transportSend_answersTheSameHead() async throws {
            // Given
            let base = try HTTPBin.baseURL()
            let url = try XCTUnwrap(URL(string: "/status/418", relativeTo: base))

            // When
            let answer = try await CurlTransport().send(TransportRequest(urlRequest: URLRequest(url: url)))

            // Then
            XCTAssertEqual(answer.response.statusCode, 418)
            XCTAssertEqual(answer.response.url?.path, "/status/418")
        }
    }
#endif
