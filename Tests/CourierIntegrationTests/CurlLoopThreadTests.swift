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
    }
#endif
