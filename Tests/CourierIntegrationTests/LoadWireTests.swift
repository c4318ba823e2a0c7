import Courier
import CourierTestSupport
import XCTest

final class LoadWireTests: XCTestCase {
    static let count = 500

    func test_fiveHundredConcurrentRequestsToHTTPBin_eachCompletedOnceWithItsOwnAnswer() throws {
        // Given: a transport that allows more connections per host than Linux's default of 6
        let base = try HTTPBin.baseURL()
        let configuration = URLSessionTransport.defaultConfiguration()
        configuration.httpMaximumConnectionsPerHost = 32
        let provider = Provider<HTTPBinTarget>(
            callbackQueue: .global(), transport: URLSessionTransport(configuration: configuration))
        let completions = Locked([Int](repeating: 0, count: Self.count))
        let done = expectation(description: "all")
        done.expectedFulfillmentCount = Self.count
        // When
        for number in 0..<Self.count {
            let target = HTTPBinTarget(
                base, "/anything",
                task: .requestParameters(parameters: ["n": number], encoding: URLEncoding.queryString))
            provider.request(target) { result in
                let echoed = (try? result.get().map(HTTPBinEcho.self))?.args["n"]?.string
                completions.withLock { $0[number] += echoed == "\(number)" ? 1 : 1000 }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 120)
        // Then
        XCTAssertEqual(
            completions.value.filter { $0 != 1 }.count, 0, "requests not completed exactly once with their own answer")
    }
}
