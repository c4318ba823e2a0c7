// A repository protocol with async requirements, its implementation over a provider (generic over
// the target type), and the mock the app's tests and previews use.
import Courier
import Foundation

protocol EntryRepository {
    func entries(page: Int) async throws -> [Entry]
    func entry(id: Int) async throws -> Entry
    func save(_ draft: Draft) async throws -> Entry
}

/// A generic remote source, as apps write one base class for every API.
class RemoteSource<API: TargetType> {
    let provider: Provider<API>

    init(provider: Provider<API>) {
        self.provider = provider
    }

    func fetch<Value: Decodable>(_ target: API, as type: Value.Type = Value.self) async throws -> Value {
        try await provider.request(target, as: type)
    }

    func send(_ target: API) async throws {
        _ = try await provider.request(target).filterSuccessfulStatusCodes()
    }
}

final class RemoteEntryRepository: RemoteSource<JournalAPI>, EntryRepository {
    func entries(page: Int) async throws -> [Entry] {
        try await fetch(.entries(page: page))
    }

    func entry(id: Int) async throws -> Entry {
        try await provider.request(JournalAPI.entryDetail(id))
    }

    func save(_ draft: Draft) async throws -> Entry {
        try await fetch(.save(draft), as: Entry.self)
    }
}

/// The mock for previews and tests.
final class MockEntryRepository: EntryRepository {
    var stored: [Entry] = [Entry(id: 1, title: "Mock", mood: 3)]
    var failure: (any Error)?

    func entries(page: Int) async throws -> [Entry] {
        if let failure { throw failure }
        return stored
    }

    func entry(id: Int) async throws -> Entry {
        if let failure { throw failure }
        guard let entry = stored.first(where: { $0.id == id }) else { throw JournalError.notFound }
        return entry
    }

    func save(_ draft: Draft) async throws -> Entry {
        let entry = Entry(id: stored.count + 1, title: draft.title, mood: draft.mood)
        stored.append(entry)
        return entry
    }
}

/// A repository over any provider type: the provider is a generic parameter, so a test passes a fake.
struct ProfileRepository<P: ProviderType<JournalAPI>> {
    let provider: P

    func profile() async throws(CourierError) -> Profile {
        try await provider.request(.me, as: Profile.self)
    }
}
