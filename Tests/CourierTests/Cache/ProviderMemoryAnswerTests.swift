import CourierTestSupport
import CourierTesting
import Dispatch
import XCTest

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `async` request whose fresh answer the cache holds in memory is answered on the caller's
/// isolation without suspending; one the memory cannot answer runs every plugin once and goes on
/// through the cache as before.
final class ProviderMemoryAnswerTests: XCTestCase {
    private enum Items: TargetType, CaseIterable {
        case item

        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/item" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .requestPlain }
        var cachePolicy: CachePolicy? { .httpSemantics }
        var validationType: ValidationType { .successCodes }
    }

    private static let itemURL = URL(string: "https://api.example.com/item")!

    /// Answers with `status` and `headers`, counting and keeping what it was sent.
    private final class CountingTransport: HTTPTransport, Sendable {
        let status: Int
        let headers: [String: String]
        let received = Locked<[URLRequest]>([])

        init(status: Int = 200, headers: [String: String] = ["Cache-Control": "max-age=600"]) {
            self.status = status
            self.headers = headers
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            received.append(request.urlRequest)
            guard let url = request.urlRequest.url,
                let http = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else { throw URLError(.badURL) }
            return TransportResponse(response: http, data: Data("network".utf8))
        }
    }

    /// Counts each step it is asked for, adds a header, and retries a `500` once.
    private struct StepCounter: SynchronousPlugin {
        let steps = Locked<[String]>([])

        func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
            steps.append("prepare")
            var request = request
            request.setValue("counted", forHTTPHeaderField: "X-Counted")
            return request
        }

        func willSend(_ request: any RequestType, target: any TargetType) { steps.append("willSend") }

        func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
            steps.append("didReceive")
        }

        func retrySynchronously(
            _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
        ) -> RetryDecision {
            guard case .failure(.statusCode(let response)) = result, response.statusCode == 500,
                context.attempt == 1
            else { return .doNotRetry }
            return .retry(after: 0, reason: "server error")
        }
    }

    func test_freshAnswerInMemory_isGivenWithoutLeavingTheCallersActor() async throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else {
            throw XCTSkip("custom executors need ExecutorJob")
        }
        // Given
        let cache = HTTPCache()
        XCTAssertTrue(cache.script(Self.itemURL, body: Data("stored".utf8), headers: ["Cache-Control": "max-age=600"]))
        let transport = CountingTransport()
        let caller = CountingActor(Provider<Items>(transport: transport, cache: cache))

        // When
        let (response, jobs) = try await caller.requestItem()

        // Then: no job was enqueued on the caller's executor while the request ran
        XCTAssertEqual(response.origin, .cache)
        XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "stored")
        XCTAssertEqual(jobs, 0)
        XCTAssertEqual(transport.received.value.count, 0)
    }

    func test_answerTheMemoryDoesNotHold_runsEachPluginStepOnce_andIsStored() async throws {
        // Given
        let transport = CountingTransport()
        let counter = StepCounter()
        let provider = Provider<Items>(transport: transport, plugins: [counter], cache: HTTPCache())

        // When
        let first = try await provider.request(.item)
        let second = try await provider.request(.item)

        // Then
        XCTAssertEqual(first.origin, .network)
        XCTAssertEqual(second.origin, .cache)
        XCTAssertEqual(transport.received.value.map { $0.value(forHTTPHeaderField: "X-Counted") }, ["counted"])
        XCTAssertEqual(
            counter.steps.value, ["prepare", "willSend", "didReceive", "prepare", "willSend", "didReceive"])
    }

    func test_staleAnswer_isRevalidatedWithOneConditionalRequest() async throws {
        // Given
        let cache = HTTPCache()
        XCTAssertTrue(
            cache.script(
                Self.itemURL, body: Data("stored".utf8), headers: ["Cache-Control": "max-age=0", "ETag": "\"v1\""]))
        let transport = CountingTransport(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=600"])
        let provider = Provider<Items>(transport: transport, cache: cache)

        // When
        let response = try await provider.request(.item)

        // Then
        XCTAssertEqual(response.origin, .revalidated)
        XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "stored")
        XCTAssertEqual(transport.received.value.map { $0.value(forHTTPHeaderField: "If-None-Match") }, ["\"v1\""])
    }

    func test_staleAnswerWhileRevalidating_isGiven_andRevalidatedOnceInTheBackground() async throws {
        // Given
        let cache = HTTPCache()
        XCTAssertTrue(
            cache.script(
                Self.itemURL, body: Data("stored".utf8),
                headers: ["Cache-Control": "max-age=0, stale-while-revalidate=600", "ETag": "\"v1\""]))
        let transport = CountingTransport(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=600"])
        let provider = Provider<Items>(transport: transport, cache: cache)

        // When
        let response = try await provider.request(.item)
        for _ in 0..<500 where transport.received.value.isEmpty { try await Task.sleep(for: .milliseconds(10)) }

        // Then
        XCTAssertEqual(response.origin, .cache)
        XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "stored")
        XCTAssertEqual(transport.received.value.map { $0.value(forHTTPHeaderField: "If-None-Match") }, ["\"v1\""])
    }

    func test_retryAfterAnAttemptTheMemoryCouldNotAnswer_runsTheNextAttemptThroughThePlugins() async throws {
        // Given
        let transport = CountingTransport(status: 500, headers: [:])
        let counter = StepCounter()
        let provider = Provider<Items>(transport: transport, plugins: [counter], cache: HTTPCache())

        // When
        var failure: CourierError?
        do { _ = try await provider.request(.item) } catch { failure = error }

        // Then
        guard case .statusCode(let response)? = failure else {
            return XCTFail("expected the second 500, got \(String(describing: failure))")
        }
        XCTAssertEqual(response.statusCode, 500)
        XCTAssertEqual(transport.received.value.count, 2)
        XCTAssertEqual(
            counter.steps.value, ["prepare", "willSend", "didReceive", "prepare", "willSend", "didReceive"])
    }

    func test_trackedInflights_shareTheWholeRequest_pluginsIncluded() async throws {
        // Given
        let transport = SlowTransport()
        let counter = StepCounter()
        let provider = Provider<Items>(
            transport: transport, plugins: [counter], trackInflights: true, cache: HTTPCache())

        // When
        async let first = provider.request(.item)
        async let second = provider.request(.item)
        let both = try await [first, second]

        // Then: the second waited for the first, without an attempt of its own
        XCTAssertEqual(both.map(\.statusCode), [200, 200])
        XCTAssertEqual(counter.steps.value.filter { $0 == "willSend" }.count, 1)
    }

    func test_entryOnDiskWithNoMemoryTier_isAnsweredFromItsFile() async throws {
        // Given: a cache that keeps nothing in memory, its folder's heads already read
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memory-answer-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = HTTPCache(configuration: .init(memoryCapacity: 0, directory: folder))
        XCTAssertTrue(cache.script(Self.itemURL, body: Data("stored".utf8), headers: ["Cache-Control": "max-age=600"]))
        let transport = CountingTransport()
        let provider = Provider<Items>(transport: transport, cache: cache)

        // When
        let fromMemory = cache.lookupInMemory(for: URLRequest(url: Self.itemURL), policy: .httpSemantics)
        let response = try await provider.request(.item)

        // Then: memory could not say, and the file answered
        XCTAssertNil(fromMemory)
        XCTAssertEqual(response.origin, .cache)
        XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "stored")
        XCTAssertEqual(transport.received.value.count, 0)
    }
}

/// Answers `200`, not to be stored, after a pause long enough for a second request to find the
/// first in flight.
private struct SlowTransport: HTTPTransport {
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await Task.sleep(for: .milliseconds(200))
        guard let url = request.urlRequest.url,
            let http = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Cache-Control": "no-store"])
        else { throw URLError(.badURL) }
        return TransportResponse(response: http, data: Data("network".utf8))
    }
}

/// Runs its jobs on a queue of its own, counting them.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
private final class CountingExecutor: SerialExecutor {
    let jobs = Locked<Int>(0)
    private let queue = DispatchQueue(label: "counting-executor")

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.withLock { $0 += 1 }
        let unowned = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { unowned.runSynchronously(on: executor) }
    }
}

/// A caller whose every hop back onto its isolation is a job its executor counts.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
private actor CountingActor<Target: TargetType> {
    private let executor = CountingExecutor()
    private let provider: Provider<Target>

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(_ provider: Provider<Target>) { self.provider = provider }

    /// Requests the provider's first target; returns the response and how many jobs the executor
    /// ran meanwhile.
    func requestItem() async throws -> (Response, Int) where Target: CaseIterable {
        let before = executor.jobs.value
        guard let target = Target.allCases.first else { throw CourierError.cancelled }
        let response = try await provider.request(target)
        return (response, executor.jobs.value - before)
    }
}
