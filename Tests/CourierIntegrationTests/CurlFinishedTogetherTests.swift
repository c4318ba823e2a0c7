#if os(Linux)
    import Courier
    import CourierTestSupport
    import XCTest

    /// The loop reads every message of the transfers libcurl finished in a round before it takes
    /// any of them off libcurl (libcurl walks its queued messages each time one leaves): transfers
    /// answered at the same moment, some of them redirected and so started again on the way, each
    /// end with their own answer.
    final class CurlFinishedTogetherTests: XCTestCase {
        private struct Numbered: Decodable {
            let n: Int
            /// The server held every request until all had arrived (not until its 10 s ran out).
            let together: Bool
        }

        func test_transfersAnsweredTogether_eachEndWithTheirOwnAnswer_redirectsFollowed() async throws {
            // Given: 48 requests the server holds until all have arrived, every third redirected
            let base = try MisbehavingServer.baseURL()
            let id = UUID().uuidString
            let count = 48
            var configuration = CurlTransport.Configuration.default
            configuration.maximumConnectionsPerHost = count
            let transport = try CurlTransport(configuration: configuration)

            // When: all in flight at once
            let numbers = try await withThrowingTaskGroup(of: (Int, Numbered, URL?).self) { group in
                for index in 0..<count {
                    let redirect = index.isMultiple(of: 3) ? "&redirect=1" : ""
                    let url = try XCTUnwrap(
                        URL(string: "\(base.absoluteString)/gather?id=\(id)&count=\(count)&n=\(index)\(redirect)"))
                    group.addTask {
                        var request = URLRequest(url: url)
                        request.timeoutInterval = 20
                        let answer = try await transport.send(TransportRequest(urlRequest: request))
                        let number = try JSONDecoder().decode(Numbered.self, from: answer.data)
                        return (index, number, answer.response.url)
                    }
                }
                var numbers: [(Int, Numbered, URL?)] = []
                for try await result in group { numbers.append(result) }
                return numbers
            }

            // Then: each its own number, the redirected ones from where they were sent
            XCTAssertEqual(numbers.count, count)
            for (index, number, url) in numbers {
                XCTAssertEqual(number.n, index)
                XCTAssertTrue(number.together, "the server answered \(index) before all had arrived")
                XCTAssertEqual(url?.path, index.isMultiple(of: 3) ? "/numbered" : "/gather", "\(index)")
            }
        }
    }
#endif
