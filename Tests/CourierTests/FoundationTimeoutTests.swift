import Foundation
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Timeouts an app may write to mean "no limit" (`.infinity`, `1e30`) or by mistake (NaN): on
/// Linux FoundationNetworking stopped the process on each when the task started.
final class FoundationTimeoutTests: XCTestCase {
    /// A port nothing listens on: the request fails at once, after its timeout was read.
    private let refused = URL(string: "http://127.0.0.1:1/")!

    func test_safe_keepsOrdinaryTimeouts_andMakesTheRestTheLongest() {
        XCTAssertEqual(FoundationTimeout.safe(30), 30)
        XCTAssertEqual(FoundationTimeout.safe(-1), -1)
        for outsized in [Double.infinity, -.infinity, .nan, 1e30, -1e30] {
            XCTAssertEqual(FoundationTimeout.safe(outsized), FoundationTimeout.longest, "\(outsized)")
        }
    }

    func test_requestWithAnOutsizedTimeout_failsToConnect_insteadOfStoppingTheProcess() async throws {
        for timeout in [Double.infinity, .nan, 1e30] {
            // Given
            var request = URLRequest(url: refused)
            request.timeoutInterval = timeout

            // When
            do {
                _ = try await URLSessionTransport().send(TransportRequest(urlRequest: request))
                XCTFail("\(timeout): a refused connection answered")
            } catch {
                // Then
                XCTAssertEqual((error as? URLError)?.code, .cannotConnectToHost, "\(timeout): \(error)")
            }
        }
    }

    func test_configurationWithAnOutsizedRequestTimeout_failsToConnect_insteadOfStoppingTheProcess() async {
        // Given
        let configuration = URLSessionTransport.defaultConfiguration()
        configuration.timeoutIntervalForRequest = .infinity
        let transport = URLSessionTransport(configuration: configuration)

        // When
        do {
            _ = try await transport.send(TransportRequest(urlRequest: URLRequest(url: refused)))
            XCTFail("a refused connection answered")
        } catch {
            // Then
            XCTAssertEqual((error as? URLError)?.code, .cannotConnectToHost, "\(error)")
        }
    }
}
