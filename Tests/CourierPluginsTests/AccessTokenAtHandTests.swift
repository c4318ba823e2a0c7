import Courier
import CourierPlugins
import CourierTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A token source's token at hand: `AccessTokenStore` tells, without waiting for the actor, the
/// token it would answer at once, and `AccessTokenPlugin` sets such a token without awaiting the
/// source.
final class AccessTokenAtHandTests: XCTestCase {
    private let target = SampleTarget(authorizationType: .bearer)

    func test_store_tokenAtHand_isTheTokenItWouldAnswerAtOnce_andNoneWhileARefreshRuns() async throws {
        // Given: a store with a token, whose refresh waits to be released
        let started = Signal()
        let release = Signal()
        let store = AccessTokenStore(token: "first") { _ in
            started.fire()
            await release.wait()
            return "second"
        }
        let target = target
        XCTAssertEqual(store.tokenAtHand(for: target), "first")

        // When: the token is rejected and a refresh runs
        let refreshing = Task { try await store.refreshedToken(replacing: "first", for: target) }
        await started.wait()

        // Then: no token is at hand until the refresh ends, even one set meanwhile
        XCTAssertNil(store.tokenAtHand(for: target))
        await store.update("set meanwhile")
        XCTAssertNil(store.tokenAtHand(for: target))
        release.fire()
        let refreshed = try await refreshing.value
        XCTAssertEqual(refreshed, "second")
        XCTAssertEqual(store.tokenAtHand(for: target), "second")

        // And: signing out and in again show at once
        await store.update(nil)
        XCTAssertNil(store.tokenAtHand(for: target))
        await store.update("third")
        XCTAssertEqual(store.tokenAtHand(for: target), "third")
    }

    func test_storeWithoutAToken_hasNoneAtHand() {
        let store = AccessTokenStore { _ in "fetched" }
        XCTAssertNil(store.tokenAtHand(for: target))
    }

    func test_plugin_setsATokenAtHand_withoutAwaitingTheSource() async throws {
        // Given: sources that count the awaits of their token, one with a token at hand
        final class Source: AccessTokenSource {
            let atHand: String?
            let awaited = Locked(0)
            init(atHand: String?) { self.atHand = atHand }
            func tokenAtHand(for target: any TargetType) -> String? { atHand }
            func token(for target: sending any TargetType) async throws -> String {
                awaited.withLock { $0 += 1 }
                return "fetched"
            }
        }
        for (atHand, sent, awaits) in [("held", "Bearer held", 0), (nil, "Bearer fetched", 1)] {
            let source = Source(atHand: atHand)
            let transport = RecordingTransport()
            let provider = Provider<SampleTarget>(
                transport: transport, plugins: [AccessTokenPlugin(tokenSource: source)])

            // When
            _ = try await provider.request(target)

            // Then
            XCTAssertEqual(transport.sent.value.map { $0.value(forHTTPHeaderField: "Authorization") }, [sent])
            XCTAssertEqual(source.awaited.value, awaits, sent)
        }
    }
}
