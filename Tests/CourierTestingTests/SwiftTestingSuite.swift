import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// CourierTesting from Swift Testing: stubs, fixtures, the recorder and the manual clock, from
/// async and completion-handler tests; failures surface as issues with their messages.
@Suite("CourierTesting with Swift Testing")
struct SwiftTestingSuite {
    let recorder = RequestRecorder()
    let fixtures = Fixtures(bundle: .module)

    @Test func stubbedProvider_inOneLine_answersPerTestResponses() async throws {
        // Given
        let provider = Provider<ShopAPI>(stubs: Stubs().on(.product(id: 1), .json(Product(id: 1, name: "Kettle"))))

        // When
        let product = try await provider.request(.product(id: 1), as: Product.self)

        // Then
        #expect(product == Product(id: 1, name: "Kettle"))
    }

    @Test func fixtures_answerFromTheTestBundle() async throws {
        // Given
        let provider = Provider<ShopAPI>(stubs: Stubs(fixtures: fixtures, unmatched: .fixture()))

        // When
        let product = try await provider.request(.product(id: 42), as: Product.self)

        // Then
        #expect(product.name == "Toaster")
    }

    @Test func missingFixture_throwsAnErrorTheTestReports() {
        // `do`/`catch`: the error that `#expect(throws:)` returns needs Swift 6.1 (ST-0006).
        do throws(FixtureNotFoundError) {
            let data = try fixtures.data(named: "nowhere/to-be-found")
            Issue.record("expected FixtureNotFoundError, read \(data.count) bytes")
        } catch {
            #expect(error.description.contains("looked for Fixtures/nowhere/to-be-found.json"))
        }
    }

    @Test func missingFixtureInAStub_failsTheRequest() async {
        // Given
        let provider = Provider<ShopAPI>(stubs: Stubs(fixtures: fixtures, unmatched: .fixture()))

        // When
        let result = await provider.result(.login(user: "ada", password: "pw"))

        // Then
        #expect(result.underlyingError is FixtureNotFoundError)
    }

    @Test func recorder_checksWhatWasSent() async throws {
        // Given
        let provider = Provider<ShopAPI>(stubs: Stubs(), plugins: [HeaderPlugin(), recorder])

        // When
        _ = try await provider.request(.login(user: "ada", password: "pw"))

        // Then
        let sent = try recorder.single()
        try sent.expect(method: .post).expect(form: ["user": "ada", "password": "pw"])
        #expect(sent.header("Authorization") == "Bearer t0k3n")
    }

    @Test func failedExpectation_isReportedAsAnIssue() async throws {
        // Given
        let provider = Provider<ShopAPI>(stubs: Stubs(), plugins: [recorder])
        _ = try await provider.request(.product(id: 1))
        let sent = try recorder.single()

        // Then
        withKnownIssue("the request was a GET") {
            try sent.expect(method: .post)
        }
    }

    @Test func completionHandlerTest_withAnUndelayedStub() async {
        // Given
        let provider = Provider<GitHub>(stubs: Stubs().on(.zen, .string("Done.")))

        // When / Then
        await confirmation("completes before request returns") { delivered in
            let request = provider.request(.zen) { result in
                #expect((try? result.get().mapString()) == "Done.")
                delivered()
            }
            #expect(!request.isCancelled)
        }
    }

    @Test func manualClock_releasesADelayedStub() async throws {
        // Given
        let clock = ManualClock()
        let provider = Provider<GitHub>(stubs: Stubs(delays: .manual(clock)).on(.zen, .timeout.delayed(seconds: 30)))

        // When
        async let outcome = provider.result(.zen)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(30))

        // Then
        #expect((await outcome.underlyingError as? URLError)?.code == .timedOut)
    }

    @Test func replay_fromCommittedRecordings() async throws {
        // Given
        let recordings = try fixtures.folder(named: "Recordings/GitHub")
        let provider = Provider<GitHub>(transport: RecordReplayTransport(mode: .replay, directory: recordings))

        // When
        let zen = try await provider.request(.zen)
        let missing = await provider.result(.userProfile("nobody"))

        // Then
        #expect(try zen.mapString() == "Design for failure.")
        #expect(missing.underlyingError is MissingRecordingError)
    }
}
