import Courier
import CourierTestSupport
import Foundation
import XCTest

// The Concurrency article's code, line for line.
private final class InFlightCounter: PluginType, @unchecked Sendable {
    // @unchecked Sendable: `count` is only read and written while `lock` is held.
    private let lock = NSLock()
    private var count = 0

    var current: Int { lock.withLock { count } }

    func willSend(_ request: any RequestType, target: any TargetType) {
        lock.withLock { count += 1 }
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        lock.withLock { count -= 1 }
    }
}

@MainActor
private final class ForecastModel {
    private let provider: Provider<Weather>
    private(set) var celsius: Int?

    init(provider: Provider<Weather>) {
        self.provider = provider
    }

    func load(city: String) async {
        do {
            celsius = try await provider.request(.forecast(city: city), as: Forecast.self).celsius
        } catch {
            celsius = nil
        }
    }
}

@MainActor
private final class ForecastViewModel {
    private let provider: Provider<Weather>
    private(set) var status = "loading"

    init(provider: Provider<Weather>) {
        self.provider = provider
    }

    func load() {
        provider.request(.forecast(city: "Oslo")) { [weak self] result in
            self?.status = (try? result.get()) == nil ? "failed" : "loaded"
        }
    }
}

private enum Weather: TargetType {
    case forecast(city: String)

    var baseURL: URL { URL(string: "https://weather.example.com")! }
    var path: String { "/forecast" }
    var method: HTTPMethod { .get }
    var task: HTTPTask {
        guard case .forecast(let city) = self else { return .requestPlain }
        return .requestParameters(parameters: ["city": city], encoding: URLEncoding.queryString)
    }
    var sampleData: Data {
        guard case .forecast(let city) = self else { return Data() }
        return Data(#"{"city": "\#(city)", "celsius": \#(city.count)}"#.utf8)
    }
}

private struct Forecast: Decodable {
    let city: String
    let celsius: Int
}

final class ConcurrencyArticleTests: XCTestCase {
    func test_article_examplesAreHere() throws {
        try DocumentExamples.assertRun(in: "Sources/Courier/Courier.docc/Concurrency.md", by: #filePath)
    }

    func test_inFlightCounter_returnsToZeroAfterConcurrentRequests() async throws {
        // Given
        let counter = InFlightCounter()
        let provider = Provider<Weather>(stubClosure: Provider.delayedStub(0.01), plugins: [counter])

        // When
        async let oslo = provider.request(.forecast(city: "Oslo"), as: Forecast.self)
        async let bergen = provider.request(.forecast(city: "Bergen"), as: Forecast.self)
        let both = try await [oslo, bergen]

        // Then
        XCTAssertEqual(both.map(\.city), ["Oslo", "Bergen"])
        XCTAssertEqual(counter.current, 0)
    }

    @MainActor
    func test_mainActorModel_loadsThroughTheProvider() async {
        let model = ForecastModel(provider: Provider<Weather>(stubClosure: Provider.immediatelyStub))
        await model.load(city: "Oslo")
        XCTAssertEqual(model.celsius, 4)
    }

    @MainActor
    func test_mainActorViewModel_immediateStubIsShownBeforeLoadReturns() async {
        let model = ForecastViewModel(provider: Provider<Weather>(stubClosure: Provider.immediatelyStub))
        model.load()
        XCTAssertEqual(model.status, "loaded")
    }

    @MainActor
    func test_completionFromTheMainActor_withAProviderQueue_runsOnTheMainQueue() async {
        // Given: a provider whose callback queue is another queue, and the main queue named
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        defer { DispatchQueue.main.setSpecific(key: key, value: nil) }
        let other = DispatchQueue(label: "weather.other")
        other.setSpecific(key: key, value: "other")
        let provider = Provider<Weather>(stubClosure: Provider.delayedStub(0.01), callbackQueue: other)
        var place: String?

        // When: an unannotated closure written on the main actor
        provider.request(.forecast(city: "Oslo")) { _ in place = DispatchQueue.getSpecific(key: key) }
        for _ in 0..<1000 where place == nil {
            try? await Task.sleep(for: .milliseconds(5))
        }

        // Then: it belongs to the main actor, which is where it ran
        XCTAssertEqual(place, "main")
    }

    func test_completion_runsOnTheGivenQueue() {
        // Given
        let provider = Provider<Weather>(stubClosure: Provider.immediatelyStub)
        let key = DispatchSpecificKey<String>()
        let onCallbacks = Locked<Bool>(false)
        let done = expectation(description: "completion")

        // When
        let callbacks = DispatchQueue(label: "weather.callbacks")
        callbacks.setSpecific(key: key, value: "weather.callbacks")
        provider.request(.forecast(city: "Oslo"), callbackQueue: callbacks) { result in
            print(result)  // on `callbacks`
            onCallbacks.withLock { $0 = DispatchQueue.getSpecific(key: key) == "weather.callbacks" }
            done.fulfill()
        }

        // Then
        wait(for: [done], timeout: 10)
        XCTAssertTrue(onCallbacks.value)
    }

    func test_completionOnAQueue_arrivesWhileTheMainThreadWaits() {
        // Given: the main thread blocked, as in a tool whose main waits synchronously
        let provider = Provider<Weather>(stubClosure: Provider.delayedStub(0.01))
        let done = DispatchSemaphore(value: 0)

        // When
        provider.request(.forecast(city: "Oslo"), callbackQueue: .global()) { _ in done.signal() }

        // Then
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
    }

    func test_cancellingTheTask_failsWithCancelled() async {
        // Given
        let provider = Provider<Weather>(stubClosure: Provider.delayedStub(30))
        let cancelled = Locked<Bool>(false)

        // When
        let loading = Task {
            try await provider.request(.forecast(city: "Oslo"))
        }
        loading.cancel()

        do {
            _ = try await loading.value
        } catch let error as CourierError where error.isCancelled {
            print("cancelled")
            cancelled.withLock { $0 = true }
        } catch {
            XCTFail("\(error)")
        }

        // Then
        XCTAssertTrue(cancelled.value)
    }
}
