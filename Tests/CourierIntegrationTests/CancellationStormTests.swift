import Courier
import CourierTestSupport
import Foundation
import XCTest

/// Issue 13 §1: hundreds of real requests cancelled at random all end, each exactly once, and the
/// process still sends requests afterwards.
///
/// A regression here is a deadlock, which would hang the test run. So the test runs only with
/// `COURIER_CANCELLATION_TESTS=1`, which `scripts/test.sh` sets in a step of its own: a separate
/// `swift test` process under `timeout`, every run, CI included.
///
/// The transport is a parameter: a suite for another transport subclasses this one, overrides
/// ``makeTransport()`` and declares a test method of its own that calls ``runStorm()`` (test
/// discovery on Linux does not see inherited test methods).
class CancellationStormTests: XCTestCase {
    private var folder: URL!

    /// The transport under test: URLSession, with room for 64 connections to the server so that
    /// cancellations hit transfers in flight rather than only queued ones.
    func makeTransport() -> any HTTPTransport {
        let configuration = URLSessionTransport.defaultConfiguration()
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSessionTransport(configuration: configuration)
    }

    override func setUpWithError() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["COURIER_CANCELLATION_TESTS"] == "1",
            "set COURIER_CANCELLATION_TESTS=1 to run the cancellation storm (scripts/test.sh does, in its own process)")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-storm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func test_600RequestsCancelledAtRandom_overEveryAPI_eachEndsExactlyOnce() async throws {
        // A subclass that declares its own test inherits this one too; it runs the storm once.
        try XCTSkipUnless(type(of: self) == CancellationStormTests.self, "the subclass's own test runs the storm")
        try await runStorm()
    }

    /// 600 requests over ``makeTransport()``, cancelled at random, each ending exactly once; the
    /// transport still answers afterwards.
    /// - Parameter taskStarter: How the storm starts the task of each request that runs in one
    ///   (``CancellationStorm/startTask``), given the transport; detached tasks when `nil`.
    func runStorm(taskStarter: ((any HTTPTransport) -> CancellationStorm.TaskStarter)? = nil) async throws {
        // Given
        let base = try MisbehavingServer.baseURL()
        let transport = makeTransport()
        let seed = UInt64.random(in: 0...UInt64.max)
        var storm = CancellationStorm(transport: transport, baseURL: base, count: 600, seed: seed, folder: folder)
        if let taskStarter { storm.startTask = taskStarter(transport) }

        // When
        let endings = try await storm.run()

        // Then
        let unended = endings.indices.filter { endings[$0] == 0 }
        let repeated = endings.indices.filter { endings[$0] > 1 }
        XCTAssertEqual(unended, [], "requests that never ended (seed \(seed))")
        XCTAssertEqual(repeated, [], "requests that ended more than once (seed \(seed))")
        let after = try await Provider<HTTPBinTarget>(transport: transport).request(HTTPBinTarget(base, "/ok"))
        XCTAssertEqual(after.statusCode, 200, "the transport no longer sends requests")
    }
}
