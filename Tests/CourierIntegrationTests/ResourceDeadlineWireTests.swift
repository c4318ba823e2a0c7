import Courier
import CourierTestSupport
import XCTest

/// Both timeouts against a real socket: a server that sends nothing fails on the idle timeout, and
/// one that trickles a byte every 0.5 s, never idle, fails on the total limit. Each ends in
/// `CourierError.underlying(URLError(.timedOut), nil)`.
final class ResourceDeadlineWireTests: XCTestCase {
    private struct Slow: TargetType {
        let baseURL: URL
        let path: String
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        let timeoutInterval: TimeInterval?
        let timeoutIntervalForResource: TimeInterval?
    }

    private func timeout(_ path: String, idle: TimeInterval, total: TimeInterval?) async throws -> URLError? {
        let target = Slow(
            baseURL: try MisbehavingServer.baseURL(), path: path, timeoutInterval: idle,
            timeoutIntervalForResource: total)
        guard case .failure(.underlying(let error as URLError, nil)) = await Provider<Slow>().result(target) else {
            return nil
        }
        return error
    }

    func test_tricklingServer_failsOnTheTotalLimit() async throws {
        let error = try await timeout("/trickle", idle: 5, total: 1.5)
        XCTAssertEqual(error?.code, .timedOut)
        XCTAssertTrue(
            error?.localizedDescription.contains("timeoutIntervalForResource") == true, "\(String(describing: error))")
    }

    func test_stallingServer_failsOnTheIdleTimeout() async throws {
        let error = try await timeout("/stall", idle: 1, total: 30)
        XCTAssertEqual(error?.code, .timedOut)
        XCTAssertFalse(error?.localizedDescription.contains("timeoutIntervalForResource") ?? true)
    }
}
