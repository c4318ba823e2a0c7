import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

/// Waiting for `AccessTokenStore`: a caller that is cancelled stops waiting at once, whether it
/// started the refresh or joined it; a refresh nobody waits for any more is cancelled.
///
/// The refreshes here hang for up to 30 s unless released or cancelled, so a regression makes a
/// test fail after that bound rather than hang.
final class AccessTokenStoreWaitTests: XCTestCase {
    private let target = SampleTarget(authorizationType: .bearer)

    func test_callerWaitingForTheFirstToken_cancelled_endsWhileTheRefreshHangs() async {
        // Given
        let hanging = HangingRefresh()
        let store = AccessTokenStore(refresh: hanging.refresh)
        let target = target
        let caller = Task { try await store.token(for: target) }
        await hanging.started.wait()

        // When
        caller.cancel()
        let result = await caller.result

        // Then
        XCTAssertTrue(Self.isCancellation(result), "\(result)")
    }

    func test_callerThatJoinsARunningRefresh_cancelled_endsAndTheFirstCallerStillGetsTheToken() async throws {
        // Given
        let started = Signal()
        let release = Signal()
        let store = AccessTokenStore { _ in
            started.fire()
            await Self.wait(for: release)
            return "fresh"
        }
        let target = target
        let first = Task { try await store.token(for: target) }
        await started.wait()
        let joined = Task { try await store.token(for: target) }
        await waitUntil { await store.waiterCount == 2 }

        // When
        joined.cancel()
        let joinedResult = await joined.result
        release.fire()

        // Then
        XCTAssertTrue(Self.isCancellation(joinedResult), "\(joinedResult)")
        let token = try await first.value
        XCTAssertEqual(token, "fresh")
    }

    func test_rejectedRequestWaitingForARefresh_cancelled_ends() async {
        // Given
        let hanging = HangingRefresh()
        let store = AccessTokenStore(token: "stale", refresh: hanging.refresh)
        let target = target
        let caller = Task { try await store.refreshedToken(replacing: "stale", for: target) }
        await hanging.started.wait()

        // When
        caller.cancel()
        let result = await caller.result

        // Then
        XCTAssertTrue(Self.isCancellation(result), "\(result)")
    }

    func test_everyCallerLeaves_theRefreshIsCancelled() async {
        // Given
        let hanging = HangingRefresh()
        let store = AccessTokenStore(refresh: hanging.refresh)
        let target = target
        let callers = (0..<2).map { _ in Task { try await store.token(for: target) } }
        await hanging.started.wait()
        await waitUntil { await store.waiterCount == 2 }

        // When
        for caller in callers { caller.cancel() }
        await hanging.ended.wait()

        // Then
        XCTAssertEqual(hanging.endedBy.value, "cancellation")
    }

    func test_hungRefresh_timesOutWithTokenRefreshErrorAndIsCancelled() async {
        // Given
        let hanging = HangingRefresh()
        let store = AccessTokenStore(refreshTimeout: .milliseconds(50), refresh: hanging.refresh)

        // When
        let target = target
        let result = await Task { try await store.token(for: target) }.result
        await hanging.ended.wait()

        // Then
        guard case .failure(let error as TokenRefreshError) = result else { return XCTFail("\(result)") }
        XCTAssertEqual((error.underlying as? URLError)?.code, .timedOut)
        XCTAssertEqual(hanging.endedBy.value, "cancellation")
    }

    func test_refreshTimeoutOfTheLongestDuration_isNoLimit_andTheRefreshAnswers() async throws {
        // Given: an app's way of writing "no limit"
        let store = AccessTokenStore(refreshTimeout: .seconds(Int64.max)) { _ in "fresh" }

        // When
        let token = try await store.token(for: target)

        // Then: the refresh's token, not a trap in the timer's deadline arithmetic
        XCTAssertEqual(token, "fresh")
    }

    func test_afterATimedOutRefresh_theNextCallerStartsANewOne() async throws {
        // Given
        let calls = Locked(0)
        let store = AccessTokenStore(refreshTimeout: .milliseconds(50)) { _ in
            let call = calls.withLock { count -> Int in
                count += 1
                return count
            }
            if call == 1 { try await Task.sleep(for: .seconds(30)) }
            return "fresh"
        }
        let target = target
        _ = await Task { try await store.token(for: target) }.result

        // When
        let token = try await store.token(for: target)

        // Then
        XCTAssertEqual(token, "fresh")
        XCTAssertEqual(calls.value, 2)
    }

    func test_callerCancelledBeforeItJoins_theRefreshItStartedIsCancelled() async {
        // Given: a caller whose task is cancelled before it reaches the store
        let hanging = HangingRefresh()
        let store = AccessTokenStore(refresh: hanging.refresh)
        let target = target
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.token(for: target)
        }

        // When
        let result = await caller.result

        // Then: it fails at once, and the refresh it started has nobody to wait for it
        XCTAssertTrue(Self.isCancellation(result), "\(result)")
        await Self.wait(for: hanging.ended)
        XCTAssertEqual(hanging.endedBy.value, "cancellation", "the refresh outlived the only caller")
        let waiters = await store.waiterCount
        XCTAssertEqual(waiters, 0)
    }

    func test_requestWaitingOnTheStore_cancelled_endsWithOneCancelledPair() async {
        // Given
        let hanging = HangingRefresh()
        let store = AccessTokenStore(refresh: hanging.refresh)
        let journal = JournalPlugin("p")
        let transport = RecordingTransport()
        let provider = Provider<SampleTarget>(
            transport: transport, plugins: [AccessTokenPlugin(tokenSource: store), journal])
        let target = target
        let request = Task { await provider.result(target) }
        await hanging.started.wait()

        // When
        request.cancel()
        let result = await request.value

        // Then
        XCTAssertTrue(result.isCancelled, "\(result)")
        await hanging.ended.wait()
        XCTAssertEqual(hanging.endedBy.value, "cancellation", "the request waited for the refresh to end")
        XCTAssertTrue(transport.sent.value.isEmpty)
        assertOnePairPerAttempt(journal, "cancelled")
    }

    // MARK: - Helpers

    private static func isCancellation(_ result: Result<String, any Error>) -> Bool {
        guard case .failure(let error) = result else { return false }
        return error is CancellationError || (error as? CourierError)?.isCancelled == true
    }

    /// Waits for `signal`, for 30 s at most.
    private static func wait(for signal: Signal) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await signal.wait() }
            group.addTask { try? await Task.sleep(for: .seconds(30)) }
            await group.next()
            group.cancelAll()
        }
    }

}

/// A refresh that hangs for 30 s unless cancelled, and says how it started and ended.
private final class HangingRefresh: Sendable {
    let started = Signal()
    let ended = Signal()
    /// `finishing` or `cancellation`, once it has ended.
    let endedBy = Locked<String?>(nil)

    var refresh: AccessTokenStore.Refresh {
        { [self] _ in
            started.fire()
            defer { ended.fire() }
            do {
                try await Task.sleep(for: .seconds(30))
                endedBy.withLock { $0 = "finishing" }
                return "late"
            } catch {
                endedBy.withLock { $0 = "cancellation" }
                throw error
            }
        }
    }
}
