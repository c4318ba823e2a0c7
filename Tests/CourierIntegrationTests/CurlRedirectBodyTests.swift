#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// A redirect's body is read only to be thrown away, so it is bounded whatever the request's
    /// limits: a 302 whose body never ends is followed after its first 64 KiB (issue 21, item 7).
    /// libcurl only: FoundationNetworking reads a redirect's whole body before it asks its delegate
    /// about the redirect (see the Transports and Streams article).
    final class CurlRedirectBodyTests: XCTestCase {
        private struct Sent: Decodable {
            let bytes: Int
        }

        func test_redirectWhoseBodyNeverEnds_isFollowed_afterABoundedRead() async throws {
            let base = try MisbehavingServer.baseURL()
            for length in [nil, 1 << 30] as [Int?] {
                // Given: no response limit, no resource timeout, an idle timeout the body never hits
                let id = UUID().uuidString
                var parameters: [String: any Sendable] = ["id": id]
                if let length { parameters["length"] = length }
                let provider = Provider<HTTPBinTarget>(transport: try CurlTransport())
                let target = HTTPBinTarget(
                    base, "/redirect-endless",
                    task: .requestParameters(parameters: parameters, encoding: URLEncoding.queryString),
                    timeoutInterval: 2)

                // When: given 10 seconds at most
                let request = Task { await provider.result(target) }
                let watchdog = Task {
                    try await Task.sleep(for: .seconds(10))
                    request.cancel()
                }
                let result = await request.value
                watchdog.cancel()

                // Then: the redirect's target answered, and the server was stopped early
                let response = try result.get()
                XCTAssertEqual(response.statusCode, 200, "\(String(describing: length))")
                XCTAssertEqual(response.response?.url?.path, "/ok")
                try await Task.sleep(for: .milliseconds(200))
                let sent = try await provider.request(
                    HTTPBinTarget(
                        base, "/sent",
                        task: .requestParameters(parameters: ["id": id], encoding: URLEncoding.queryString)),
                    as: Sent.self)
                // What loopback's socket buffers hold on both sides, no more
                XCTAssertLessThan(sent.bytes, 16 << 20, "the discarded body was read on")
                print(
                    "redirect body (\(length.map { "Content-Length \($0)" } ?? "chunked")): server sent \(sent.bytes) bytes"
                )
            }
        }
    }
#endif
