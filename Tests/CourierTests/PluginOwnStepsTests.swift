import CourierTestSupport
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chain learns, from the first await, which plain plugins have an `adapt` or a `retry` of
/// their own; those that have only the protocol's defaults are not awaited for them again.
final class PluginOwnStepsTests: XCTestCase {
    private struct Bare: PluginType {}

    private struct Own: PluginType {
        let adapts = Locked(0)
        let retries = Locked(0)
        func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            adapts.withLock { $0 += 1 }
            return request
        }
        func retry(_ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext) async
            -> RetryDecision
        {
            retries.withLock { $0 += 1 }
            return .doNotRetry
        }
    }

    private struct Quiet: SynchronousPlugin {}

    func test_firstAwait_learnsDefaultsAndOwnSteps_andOwnStepsRunEveryTime() async throws {
        // Given: a plugin with default steps, one with steps of its own, a synchronous one
        let own = Own()
        let chain = PluginChain([Bare(), own, Quiet()])
        let request = URLRequest(url: try XCTUnwrap(URL(string: "https://api.example/zen")))
        let response = Response(statusCode: 500, data: Data())
        let context = RetryContext(attempt: 1, request: request, retryReasons: [])

        // When: two attempts' adapt and retry
        for _ in 0..<2 {
            _ = await chain.adapt(request, target: GitHub.zen, isolation: nil)
            _ = await chain.retry(.success(response), target: GitHub.zen, context: context, isolation: nil)
        }

        // Then: the defaults are known as such, the own steps as the plugin's, and ran both times;
        // a synchronous plugin is asked synchronously and never probed
        XCTAssertEqual(chain.ownSteps.kind(of: .adapt, at: 0), .protocolDefault)
        XCTAssertEqual(chain.ownSteps.kind(of: .retry, at: 0), .protocolDefault)
        XCTAssertEqual(chain.ownSteps.kind(of: .adapt, at: 1), .own)
        XCTAssertEqual(chain.ownSteps.kind(of: .retry, at: 1), .own)
        XCTAssertEqual(chain.ownSteps.kind(of: .adapt, at: 2), .unknown)
        XCTAssertEqual(own.adapts.value, 2)
        XCTAssertEqual(own.retries.value, 2)
    }
}
