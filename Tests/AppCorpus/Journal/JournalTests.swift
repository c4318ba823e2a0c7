// The journal's tests, in Swift Testing: a mock repository, a recording fake provider behind the
// container's existential, and a task-local client bound for one test.
import Courier
import CourierTesting
import Foundation
import Testing

/// A fake provider that records what it was asked.
final class RecordingJournalProvider: ProviderType {
    private(set) var sent: [String] = []

    func request(_ target: JournalAPI) async throws(CourierError) -> Response {
        sent.append(target.path)
        return Response(statusCode: 200, data: target.sampleData)
    }
}

@MainActor
struct JournalTests {
    @Test func container_readsTheProfileThroughTheExistential() async throws {
        let fake = RecordingJournalProvider()
        let container = AppContainer(entries: MockEntryRepository(), profile: fake)
        #expect(try await container.userName() == "Ada")
        #expect(fake.sent == ["/me"])
    }

    @Test func mockRepository_failsAsTheNetworkWould() async {
        let repository = MockEntryRepository()
        repository.failure = CourierError.statusCode(Response(statusCode: 500, data: Data()))
        #expect(await loadTitle(1, from: repository) == "HTTP 500")
    }

    @Test func taskLocalClient_isTheMockInsideTheScope() async throws {
        let entry = try await JournalClient.$current.withValue(.mock) {
            try await JournalClient.current.entry(7)
        }
        #expect(entry.title == "Mock 7")
    }

    @Test @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    func viewModel_loadsBothRequestsAtOnce() async {
        let stubs = Stubs<JournalAPI>()
        let model = JournalViewModel(provider: Provider(stubs: stubs))
        await model.load()
        #expect(model.entries.count == 2)
        #expect(model.profile?.name == "Ada")
    }
}
