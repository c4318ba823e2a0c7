// Swift 6 shapes: the app's own global actor for its database, calling the provider with async and
// completion APIs; a `sending` parameter; `nonisolated` methods of a main-actor type calling the
// provider off the main actor.
import Courier
import Foundation

@globalActor
actor DatabaseActor {
    static let shared = DatabaseActor()
}

/// The local store and the sync that fills it, both on the database's actor.
@DatabaseActor
final class SyncEngine {
    private let provider: Provider<JournalAPI>
    private(set) var stored: [Int: Entry] = [:]
    private(set) var completions = 0

    nonisolated init(provider: Provider<JournalAPI>) {
        self.provider = provider
    }

    func sync(pages: Int) async throws {
        for page in 1...pages {
            let entries = try await provider.request(.entries(page: page), as: [Entry].self)
            for entry in entries { stored[entry.id] = entry }
        }
    }

    /// The completion API from the app's actor: the completion runs on it.
    func refresh(id: Int) {
        provider.request(.entry(id: id)) { result in
            DatabaseActor.preconditionIsolated()
            self.completions += 1
            if let entry = try? result.get().map(Entry.self) { self.stored[entry.id] = entry }
        }
    }

    /// Takes a draft the caller gives away (`sending`), and sends it.
    func upload(_ draft: sending DraftBox) async throws -> Entry {
        draft.value.title = draft.value.title.trimmingCharacters(in: .whitespaces)
        let entry = try await provider.request(.save(draft.value), as: Entry.self)
        stored[entry.id] = entry
        return entry
    }
}

/// A mutable, non-Sendable holder, as an editor keeps its draft; it moves between actors, so it
/// belongs to none.
nonisolated final class DraftBox {
    var value: Draft

    init(_ value: Draft) {
        self.value = value
    }
}

/// A main-actor screen model with work that need not run on the main actor.
@MainActor
final class EditorModel {
    nonisolated let provider: Provider<JournalAPI>
    let engine: SyncEngine
    private(set) var saved: Entry?

    init(provider: Provider<JournalAPI>) {
        self.provider = provider
        engine = SyncEngine(provider: provider)
    }

    /// Prefetches without the main actor: it only touches the provider.
    nonisolated func prefetch(ids: [Int]) async -> Int {
        var count = 0
        for id in ids where (try? await provider.request(JournalAPI.entryDetail(id))) != nil {
            count += 1
        }
        return count
    }

    /// A nonisolated completion-handler method, forwarding its caller's completion.
    nonisolated func exists(id: Int, completion: @escaping @Sendable (Bool) -> Void) {
        provider.request(.entry(id: id)) { result in
            completion((try? result.get().filterSuccessfulStatusCodes()) != nil)
        }
    }

    /// Hands a fresh draft to the database's actor.
    func save(title: String) async throws {
        let box = DraftBox(Draft(title: title, mood: 3, bodyText: ""))
        saved = try await engine.upload(box)
    }
}
