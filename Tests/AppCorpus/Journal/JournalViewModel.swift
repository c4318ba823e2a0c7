// SwiftUI-style view models: an `@Observable` model whose async methods a view calls from
// `.task {}` and `Task {}`, with `async let`, a task group over typed targets, an event stream read
// on the main actor and cancelled when the screen goes away, a download and an upload with
// progress, and an answer from the cache.
import Courier
import Foundation
import Observation

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
final class JournalViewModel {
    private(set) var entries: [Entry] = []
    private(set) var featured: Entry?
    private(set) var profile: Profile?
    private(set) var error: JournalError?
    private(set) var isLoading = false
    private(set) var liveTitles: [String] = []
    private(set) var progress = 0.0
    private(set) var tagsFromCache = false
    private(set) var events: [String] = []

    @ObservationIgnored private let provider: Provider<JournalAPI>
    @ObservationIgnored private var refreshTask: Task<Void, Never>?
    @ObservationIgnored private var liveTask: Task<Void, Never>?

    init(provider: Provider<JournalAPI>) {
        self.provider = provider
    }

    /// What `.task { await model.load() }` calls.
    func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            async let page = provider.request(.entries(page: 1), as: [Entry].self)
            async let me = provider.request(JournalAPI.profile)
            let (loaded, user) = try await (page, me)
            entries = loaded
            profile = user
            events.append("loaded")
        } catch {
            self.error = JournalError(error)
        }
    }

    /// A button's action: starts a task from a synchronous main-actor method.
    func refreshTapped() {
        refreshTask?.cancel()
        refreshTask = Task {
            do {
                entries = try await provider.request(JournalAPI.entryPage(1))
                events.append("refreshed")
            } catch {
                self.error = JournalError(error)
            }
        }
    }

    /// Waits for the refresh a button started, for tests.
    func refreshed() async {
        await refreshTask?.value
    }

    /// Several entries at once, in a task group of typed targets.
    func loadFeatured(ids: [Int]) async throws {
        let loaded = try await withThrowingTaskGroup(of: Entry.self) { group in
            for id in ids {
                group.addTask { try await self.provider.request(JournalAPI.entryDetail(id)) }
            }
            var loaded: [Entry] = []
            for try await entry in group { loaded.append(entry) }
            return loaded
        }
        featured = loaded.max { $0.mood < $1.mood }
        events.append("featured")
    }

    /// The live feed, read on the main actor; `onDisappear` calls `stopLive()`.
    func startLive() {
        liveTask?.cancel()
        liveTask = Task {
            do {
                let stream = try await provider.stream(.live)
                for try await event in stream.events {
                    let entry = try JSONDecoder().decode(Entry.self, from: Data(event.data.utf8))
                    liveTitles.append(entry.title)
                }
                events.append("live ended")
            } catch {
                if !Task.isCancelled { self.error = JournalError(error) }
            }
        }
    }

    func stopLive() {
        liveTask?.cancel()
        liveTask = nil
    }

    func liveEnded() async {
        await liveTask?.value
    }

    /// A decoded event stream, `for try await` straight into the model.
    func readLiveDecoded() async throws {
        let stream = try await provider.stream(.live)
        for try await entry in stream.events.decode(Entry.self, until: "[DONE]") {
            liveTitles.append(entry.title)
        }
    }

    /// An export with a progress bar bound to the model.
    func export() async {
        let download = provider.requestWithProgress(.export(format: "pdf"))
        do {
            for try await step in download {
                progress = step.progress
            }
            _ = try await download.response
            events.append("exported")
        } catch {
            self.error = JournalError(courier: error)
        }
    }

    /// A multipart upload with progress, in the completion form.
    func attach(_ photo: Data, to id: Int) {
        provider.request(
            .attachPhoto(entryID: id, photo: photo, caption: "Sunset"),
            progress: { self.progress = $0.progress },
            completion: { result in
                if case .failure(let error) = result { self.error = JournalError(courier: error) }
                self.events.append("attached")
            })
    }

    /// Tags are cached: the model shows where they came from.
    func loadTags() async -> [String] {
        do {
            let response = try await provider.request(.tags)
            tagsFromCache = response.origin.isFromCache
            return try response.map([String].self)
        } catch {
            self.error = JournalError(error)
            return []
        }
    }
}
