import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// NetworkActivityPlugin under concurrency: real, stubbed, failing and cancelled requests all at
/// once; every `.began` has its `.ended`, so the counter returns to zero.
final class PluginActivityIntegrationTests: XCTestCase {
    /// Counts changes; `active` must end at zero.
    private final class ActivityCounter: Sendable {
        let began = Locked(0)
        let ended = Locked(0)
        let active = Locked(0)

        var plugin: NetworkActivityPlugin {
            NetworkActivityPlugin { change, _ in
                switch change {
                case .began: self.began.withLock { $0 += 1 }
                case .ended: self.ended.withLock { $0 += 1 }
                }
                self.active.withLock { $0 += change == .began ? 1 : -1 }
            }
        }
    }

    /// Fires its signal in `willSend`, so a test can cancel a request that is on its way.
    private struct SendingSignal: PluginType {
        let continuation: AsyncStream<Void>.Continuation

        func willSend(_ request: any RequestType, target: any TargetType) {
            continuation.yield()
        }
    }

    private static func outcome(_ provider: Provider<HTTPBinTarget>, _ target: HTTPBinTarget) async -> Result<
        Response, CourierError
    > {
        do {
            return .success(try await provider.request(target))
        } catch {
            return .failure(error)
        }
    }

    func test_concurrentRealStubbedFailingAndCancelledRequests_counterReturnsToZero() async throws {
        // Given
        let counter = ActivityCounter()
        let base = try HTTPBin.baseURL()
        let real = Provider<HTTPBinTarget>(plugins: [counter.plugin])
        let stubbed = Provider<HTTPBinTarget>(stubClosure: Provider.delayedStub(0.01), plugins: [counter.plugin])
        let refused = HTTPBinTarget(URL(string: "http://127.0.0.1:1")!, "/get")
        let failing = HTTPBinTarget(base, "/status/503", validationType: .successCodes)
        let slow = HTTPBinTarget(base, "/delay/5")
        let each = 8

        // When
        let outcomes = await withTaskGroup(of: String.self, returning: [String].self) { group in
            for _ in 0..<each {
                group.addTask { Self.describe(await Self.outcome(real, HTTPBinTarget(base, "/get"))) }
                group.addTask { Self.describe(await Self.outcome(stubbed, HTTPBinTarget(base, "/get"))) }
                group.addTask { Self.describe(await Self.outcome(real, failing)) }
                group.addTask { Self.describe(await Self.outcome(real, refused)) }
                group.addTask {
                    let (sending, continuation) = AsyncStream<Void>.makeStream()
                    let provider = Provider<HTTPBinTarget>(
                        plugins: [counter.plugin, SendingSignal(continuation: continuation)])
                    let request = Task { await Self.outcome(provider, slow) }
                    for await _ in sending { break }
                    request.cancel()
                    return Self.describe(await request.value)
                }
                group.addTask {
                    let request = Task { await Self.outcome(stubbed, HTTPBinTarget(base, "/get")) }
                    request.cancel()
                    return Self.describe(await request.value)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }

        // Then
        XCTAssertEqual(outcomes.filter { $0 == "success" }.count, 2 * each)
        XCTAssertEqual(outcomes.filter { $0 == "failure" }.count, 2 * each)
        XCTAssertEqual(outcomes.filter { $0 == "cancelled" }.count, 2 * each)
        XCTAssertEqual(counter.began.value, 6 * each)
        XCTAssertEqual(counter.ended.value, 6 * each)
        XCTAssertEqual(counter.active.value, 0)
    }

    private static func describe(_ result: Result<Response, CourierError>) -> String {
        switch result {
        case .success: "success"
        case .failure(let error) where error.isCancelled: "cancelled"
        case .failure: "failure"
        }
    }
}
