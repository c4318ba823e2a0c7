// Dependencies the way 2026 apps hold them: a client struct of `@Sendable` closures built from a
// provider (TCA's shape), a container holding services as existentials, and a task-local override
// for tests and previews.
import Courier
import Foundation

/// A client of closures: `live` wraps a provider, `mock` answers from memory. It is used from any
/// task, so it says `nonisolated` (Xcode 26 would make it the main actor's).
nonisolated struct JournalClient: Sendable {
    var entry: @Sendable (_ id: Int) async throws -> Entry
    var entries: @Sendable (_ page: Int) async throws -> [Entry]
    var save: @Sendable (_ draft: Draft) async throws -> Entry

    static func live(provider: Provider<JournalAPI>) -> JournalClient {
        JournalClient(
            entry: { id in try await provider.request(.entry(id: id), as: Entry.self) },
            entries: { page in try await provider.request(JournalAPI.entryPage(page)) },
            save: { draft in try await provider.request(.save(draft), as: Entry.self) })
    }

    static let mock = JournalClient(
        entry: { id in Entry(id: id, title: "Mock \(id)", mood: 3) },
        entries: { _ in [] },
        save: { draft in Entry(id: 1, title: draft.title, mood: draft.mood) })

    /// The client the code in this task uses; tests bind another.
    @TaskLocal static var current = JournalClient.live(provider: Provider(stubClosure: Provider.immediatelyStub))
}

/// A container of services, held as existentials, as apps built with a DI container do.
@MainActor
final class AppContainer {
    let entries: any EntryRepository
    let profile: any ProviderType<JournalAPI>
    let client: JournalClient

    init(
        entries: any EntryRepository, profile: any ProviderType<JournalAPI>,
        client: JournalClient = .mock
    ) {
        self.entries = entries
        self.profile = profile
        self.client = client
    }

    static func live() -> AppContainer {
        let provider = Provider<JournalAPI>(stubClosure: Provider.immediatelyStub)
        return AppContainer(
            entries: RemoteEntryRepository(provider: provider), profile: provider,
            client: .live(provider: provider))
    }

    /// Calls through the existential provider.
    func userName() async throws -> String {
        try await profile.request(.me, as: Profile.self).name
    }

    /// The typed-target form through the existential.
    func entryCount() async throws -> Int {
        try await profile.request(JournalAPI.profile).entries
    }
}
