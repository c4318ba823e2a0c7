import Courier
import CourierTestSupport
import XCTest

/// Runs the shapes of CompletionCallShapes.swift and checks where each completion ran: existing
/// shapes keep the `@Sendable` form's rules (the provider's queue here), main-actor completions
/// run on the main actor, before `request` returns for an immediate stub.
final class CompletionCallShapeTests: XCTestCase {
    private static let labelKey = DispatchSpecificKey<String>()

    private let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "shapes")
        queue.setSpecific(key: CompletionCallShapeTests.labelKey, value: "shapes")
        return queue
    }()

    private var provider: Provider<CallShapeAPI> {
        Provider(stubClosure: Provider.immediatelyStub, callbackQueue: queue)
    }

    /// A completion that records the queue it ran on, and an expectation for `count` calls.
    private func recorder(_ count: Int) -> (Completion, Locked<[String]>, XCTestExpectation) {
        let places = Locked<[String]>([])
        let done = expectation(description: "completions")
        done.expectedFulfillmentCount = count
        let completion: Completion = { result in
            XCTAssertEqual(try? result.get().mapString(), "item")
            places.append(DispatchQueue.getSpecific(key: Self.labelKey) ?? (Thread.isMainThread ? "main" : "other"))
            done.fulfill()
        }
        return (completion, places, done)
    }

    func test_existingShapes_fromNonisolatedCode_keepTheProvidersQueue() async {
        // Given
        let (completion, places, done) = recorder(9)

        // When
        existingCallShapes(provider, queue: queue, done: completion)
        await fulfillment(of: [done], timeout: 5)

        // Then
        XCTAssertEqual(places.value, Array(repeating: "shapes", count: 9))
    }

    func test_existingShapes_throughTheProtocol_keepTheProvidersQueue() async {
        // Given
        let (completion, places, done) = recorder(4)

        // When
        existingCallShapes(through: provider, done: completion)
        await fulfillment(of: [done], timeout: 5)

        // Then
        XCTAssertEqual(places.value, Array(repeating: "shapes", count: 4))
    }

    @MainActor
    func test_mainActorCompletions_runOnTheMainActorBeforeReturning() async {
        // Given: the provider's queue does not apply to main-actor completions
        let model = CallShapeViewModel(provider: provider)

        // When
        model.load()

        // Then
        XCTAssertEqual(model.shown, ["item", "item", "progress", "item"])
    }

    @MainActor
    func test_existingShapes_fromMainActorCode_runOnTheMainActor_whateverTheQueue() async {
        // Given: closures written on the main actor belong to it, so neither queue applies
        let model = CallShapeViewModel(provider: provider)
        let (completion, places, done) = recorder(2)

        // When
        model.loadTheMoyaWay(queue: queue, done: completion)
        await fulfillment(of: [done], timeout: 5)

        // Then
        XCTAssertEqual(places.value, ["main", "main"])
        XCTAssertEqual(model.shown, [])
    }

    func test_mainActorCompletion_fromAnotherThread_runsOnTheMainQueue() async {
        // Given
        let provider = provider
        let ranOnMain = Locked<Bool?>(nil)
        let done = expectation(description: "completion")

        // When
        DispatchQueue.global().async {
            provider.request(.item) { @MainActor _ in
                ranOnMain.withLock { $0 = Thread.isMainThread }
                done.fulfill()
            }
        }
        await fulfillment(of: [done], timeout: 5)

        // Then
        XCTAssertEqual(ranOnMain.value, true)
    }
}
