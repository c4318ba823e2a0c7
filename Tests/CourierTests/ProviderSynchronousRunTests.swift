import Courier
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// When the completion API completes before `request` returns (nothing in the request could
/// suspend), and when it hands the rest to a task. None of this depends on `Task.immediate`, so
/// it is the same on every OS.
final class ProviderSynchronousRunTests: XCTestCase {
    /// Retries the first attempt once, after `delay`, without suspending to decide.
    private struct RetryFirstAttempt: SynchronousPlugin {
        let delay: TimeInterval

        func retrySynchronously(
            _ result: Result<Response, CourierError>, target: any TargetType, context: RetryContext
        ) -> RetryDecision {
            context.attempt == 1 ? .retry(after: delay, reason: "again") : .doNotRetry
        }
    }

    /// Sets a header in `adapt`, the asynchronous way.
    private struct AsyncHeader: PluginType {
        func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            // Really suspends, long enough that the call has returned when it resumes.
            try await Task.sleep(for: .milliseconds(200))
            var request = request
            request.setValue("adapted", forHTTPHeaderField: "X-Adapted")
            return request
        }
    }

    /// A synchronous plugin that must be awaited for every target, and says which `adapt` ran.
    private struct SometimesSuspending: SynchronousPlugin {
        func suspends(for target: any TargetType) -> Bool { true }

        func adaptSynchronously(_ request: URLRequest, target: any TargetType) throws -> URLRequest {
            var request = request
            request.setValue("synchronously", forHTTPHeaderField: "X-Adapt")
            return request
        }

        func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            try await Task.sleep(for: .milliseconds(200))
            var request = request
            request.setValue("asynchronously", forHTTPHeaderField: "X-Adapt")
            return request
        }
    }

    /// A provider whose immediate stub records each attempt, and whose plugin retries the first
    /// attempt after `delay`.
    private func retryingProvider(after delay: TimeInterval) -> (Provider<GitHub>, Locked<[Int]>) {
        let attempts = Locked<[Int]>([])
        let provider = Provider<GitHub>(
            stubClosure: { _ in
                attempts.append(RequestContext.current?.attempt ?? 0)
                return .immediate
            },
            plugins: [RetryFirstAttempt(delay: delay)])
        return (provider, attempts)
    }

    /// Requests `target` with the completion API; returns the outcome if it arrived before
    /// `request` returned, then waits for it in any case.
    private func outcomeBeforeReturn(
        _ provider: Provider<GitHub>, _ target: GitHub = .zen
    ) -> (before: Result<Response, CourierError>?, after: Result<Response, CourierError>?) {
        let outcome = Locked<Result<Response, CourierError>?>(nil)
        let done = expectation(description: "completion")
        provider.request(target) { result in
            outcome.withLock { $0 = result }
            done.fulfill()
        }
        let before = outcome.value
        wait(for: [done], timeout: 5)
        return (before, outcome.value)
    }

    func test_retryWithoutWait_bothAttemptsRunBeforeReturning() {
        // Given
        let (provider, attempts) = retryingProvider(after: 0)

        // When
        let (before, _) = outcomeBeforeReturn(provider)

        // Then
        XCTAssertEqual(try before?.get().data, GitHub.zen.sampleData)
        XCTAssertEqual(attempts.value, [1, 2])
    }

    func test_retryAfterAWait_continuesInATaskWithTheNextAttempt() {
        // Given
        let (provider, attempts) = retryingProvider(after: 0.01)

        // When
        let (before, after) = outcomeBeforeReturn(provider)

        // Then
        XCTAssertNil(before)
        XCTAssertEqual(try after?.get().data, GitHub.zen.sampleData)
        XCTAssertEqual(attempts.value, [1, 2])
    }

    func test_requestClosureAnsweringLater_completesAfterReturning() {
        // Given: the closure keeps its callback, and the test answers after `request` returned
        let answer = Locked<(@Sendable () -> Void)?>(nil)
        let provider = Provider<GitHub>(
            requestClosure: { endpoint, done in
                answer.withLock { $0 = { Provider<GitHub>.defaultRequestMapping(for: endpoint, closure: done) } }
            },
            stubClosure: Provider.immediatelyStub)
        let outcome = Locked<Result<Response, CourierError>?>(nil)
        let done = expectation(description: "completion")

        // When
        provider.request(.zen) { result in
            outcome.withLock { $0 = result }
            done.fulfill()
        }
        let before = outcome.value
        answer.value?()
        wait(for: [done], timeout: 5)

        // Then
        XCTAssertNil(before)
        XCTAssertEqual(try outcome.value?.get().data, GitHub.zen.sampleData)
    }

    func test_requestClosureFailingAtOnce_failsBeforeReturningWithoutTheTransport() {
        // Given
        let provider = Provider<GitHub>(requestClosure: { _, done in done(.failure(.requestMapping("no"))) })

        // When
        let (before, _) = outcomeBeforeReturn(provider)

        // Then
        guard case .failure(.requestMapping(let reason))? = before else {
            return XCTFail("\(String(describing: before))")
        }
        XCTAssertEqual(reason, "no")
    }

    func test_pluginThatOverridesAdapt_isAwaitedNeverSkipped() {
        // Given
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [AsyncHeader()])

        // When
        let (before, after) = outcomeBeforeReturn(provider)

        // Then
        XCTAssertNil(before)
        XCTAssertEqual(try after?.get().request?.value(forHTTPHeaderField: "X-Adapted"), "adapted")
    }

    func test_pluginThatMaySuspendButDoesNot_completesInTheCallWhereTaskImmediateExists() {
        // Given: a Moya-style plugin (prepare only) that is not declared synchronous
        struct MoyaStylePlugin: PluginType {
            func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
                var request = request
                request.setValue("prepared", forHTTPHeaderField: "X-Prepared")
                return request
            }
        }
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [MoyaStylePlugin()])

        // When
        let (before, after) = outcomeBeforeReturn(provider)

        // Then: the rest of the request runs in a task started with Task.immediate where the
        // toolchain and OS have it (every Linux build with Swift 6.2+), so it ends inside the call;
        // elsewhere it ends after returning. Either way the plugin ran.
        #if compiler(>=6.2) && os(Linux)
            XCTAssertEqual(try before?.get().request?.value(forHTTPHeaderField: "X-Prepared"), "prepared")
        #endif
        XCTAssertEqual(try after?.get().request?.value(forHTTPHeaderField: "X-Prepared"), "prepared")
    }

    func test_awaitedStepsThatAnswerAtOnce_completeInTheCallWhereTaskImmediateExists() {
        // Given: an adapt of a plain plugin's own and one of a synchronous plugin that says it
        // suspends, each awaited in a task of its own, neither of which really suspends
        struct AtOnce: PluginType {
            func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
                var request = request
                request.setValue("plain", forHTTPHeaderField: "X-At-Once")
                return request
            }
        }
        struct SaysItSuspends: SynchronousPlugin {
            func suspends(for target: any TargetType) -> Bool { true }
            func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
                var request = request
                request.addValue("synchronous", forHTTPHeaderField: "X-At-Once")
                return request
            }
        }
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [AtOnce(), SaysItSuspends()])

        for request in ["first", "second"] {
            // When
            let (before, after) = outcomeBeforeReturn(provider)

            // Then: their tasks start in the request's with Task.immediate where the toolchain
            // and OS have it, so the request ends inside the call, the first (which learns that
            // the plain plugin's adapt is its own) and the later ones alike
            #if compiler(>=6.2) && os(Linux)
                XCTAssertEqual(
                    try before?.get().request?.value(forHTTPHeaderField: "X-At-Once"), "plain,synchronous", request)
            #endif
            XCTAssertEqual(
                try after?.get().request?.value(forHTTPHeaderField: "X-At-Once"), "plain,synchronous", request)
        }
    }

    func test_synchronousPluginThatSuspendsForATarget_isAwaited() {
        // Given
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, plugins: [SometimesSuspending()])

        // When
        let (before, after) = outcomeBeforeReturn(provider)

        // Then
        XCTAssertNil(before)
        XCTAssertEqual(try after?.get().request?.value(forHTTPHeaderField: "X-Adapt"), "asynchronously")
    }

    func test_trackInflights_immediateStubStillCompletesBeforeReturning() {
        // Given
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub, trackInflights: true)

        // When
        let (before, _) = outcomeBeforeReturn(provider)

        // Then
        XCTAssertEqual(try before?.get().data, GitHub.zen.sampleData)
    }

    func test_cancellingAfterAnImmediateStub_changesNothing() {
        // Given
        let provider = Provider<GitHub>(stubClosure: Provider.immediatelyStub)
        let completions = Locked(0)

        // When
        let token = provider.request(.zen) { _ in completions.withLock { $0 += 1 } }
        token.cancel()

        // Then
        XCTAssertTrue(token.isCancelled)
        XCTAssertEqual(completions.value, 1)
    }

    // MARK: - The asynchronous request closure

    func test_asyncRequestClosure_makesTheRequestAndCompletesAfterReturning() {
        // Given
        let provider = Provider<GitHub>(
            requestClosure: { endpoint throws(CourierError) in
                var request = try endpoint.urlRequest()
                try? await Task.sleep(for: .milliseconds(200))
                request.setValue("made", forHTTPHeaderField: "X-Made")
                return request
            },
            stubClosure: Provider.immediatelyStub)

        // When
        let (before, after) = outcomeBeforeReturn(provider)

        // Then
        XCTAssertNil(before)
        XCTAssertEqual(try after?.get().request?.value(forHTTPHeaderField: "X-Made"), "made")
    }

    func test_asyncRequestClosure_throwing_failsWithItsError() async {
        // Given
        let provider = Provider<GitHub>(
            requestClosure: { _ throws(CourierError) in throw .requestMapping("refused") },
            stubClosure: Provider.immediatelyStub)

        // When
        let result = await provider.result(.zen)

        // Then
        guard case .failure(.requestMapping(let reason)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(reason, "refused")
    }

    func test_asyncRequestClosure_throwingAnotherError_failsWithItWrapped() async {
        // Given
        struct Locked: Error {}
        let provider = Provider<GitHub>(
            requestClosure: { _ in throw Locked() }, stubClosure: Provider.immediatelyStub)

        // When
        let result = await provider.result(.zen)

        // Then
        guard case .failure(.underlying(let error, nil)) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(error is Locked)
    }

    func test_asyncRequestClosure_isAlsoOfferedInMoyasForm() async throws {
        // Given
        let provider = Provider<GitHub>(requestClosure: { endpoint throws(CourierError) in try endpoint.urlRequest() })

        // When
        let made = await withCheckedContinuation { continuation in
            provider.requestClosure(provider.endpoint(.zen)) { continuation.resume(returning: $0) }
        }

        // Then
        XCTAssertEqual(try made.get().url?.absoluteString, "https://api.github.com/zen")
    }
}
