// The runner's checks of the Journal app's shapes: where their callbacks land, and that they work.
import Courier
import CourierPlugins
import CourierTesting
import Foundation

extension Checks {
    func runJournal() async {
        if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
            await journalObservableModelRunsItsRequests()
            await journalChatModelReadsAndSendsOnItsSocket()
        }
        await journalDelegateGetsTheResultOnTheMainActor()
        await journalGlobalActorCompletionRunsOnThatActor()
        await journalNonisolatedAndSendingShapesRun()
        await journalMainActorTargetStreamsAndReadsTheCache()
        await journalTokenRefreshAndSettingsHeaders()
        await journalClientsAndContainerAnswer()
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    func journalObservableModelRunsItsRequests() async {
        let model = JournalViewModel(provider: Provider(stubClosure: Provider.delayedStub(0.01)))
        await model.load()
        check("journal: async let of two requests", model.entries.count == 2 && model.profile?.name == "Ada")
        model.refreshTapped()
        await model.refreshed()
        check("journal: a Task {} from a main-actor method", model.events.contains("refreshed"), "\(model.events)")
        try? await model.loadFeatured(ids: [1, 2, 3])
        check("journal: a task group of typed targets", model.featured != nil, "\(model.events)")
        model.startLive()
        await model.liveEnded()
        check("journal: an event stream read on the main actor", model.liveTitles == ["Live"], "\(model.liveTitles)")
        await model.export()
        check("journal: a download's progress into the model", model.progress == 1.0, "\(model.progress)")
        let instant = JournalViewModel(provider: Provider(stubClosure: Provider.immediatelyStub))
        instant.attach(Data("jpeg".utf8), to: 1)
        check("journal: a multipart upload completes in the call", instant.events == ["attached"], "\(instant.events)")
        let tags = await instant.loadTags()
        check("journal: stubbed tags are not from the cache", tags == ["travel", "work"] && !instant.tagsFromCache)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    func journalChatModelReadsAndSendsOnItsSocket() async {
        let stubs = Stubs<RoomAPI>()
        stubs.on(
            where: { _ in true },
            .webSocket([
                .send(.text(#"{"from":"ada","text":"hello"}"#)), .expect(.text(#"{"from":"me","text":"hi"}"#)),
                .send(.text(#"{"from":"ada","text":"welcome!"}"#)), .close(.normalClosure, reason: "bye"),
            ]))
        let model = RoomChatModel(provider: Provider(stubs: stubs))
        model.appear(room: "swift")
        for _ in 0..<1000 where model.lines.isEmpty { try? await Task.sleep(for: .milliseconds(5)) }
        model.draft = "hi"
        model.sendTapped()
        await model.settled()
        check(
            "journal: a chat model reads its socket on the main actor and sends from a button",
            model.lines.map(\.text) == ["hello", "welcome!"] && model.status == "closed 1000",
            "\(model.lines) \(model.status)")
        let leaving = RoomChatModel(
            provider: Provider(stubs: Stubs<RoomAPI>().on(where: { _ in true }, .webSocket(.echo))))
        leaving.appear(room: "swift")
        for _ in 0..<1000 where leaving.status == "connecting" { try? await Task.sleep(for: .milliseconds(5)) }
        leaving.disappear()
        await leaving.settled()
        check("journal: leaving the screen closes the socket", leaving.status == "left", leaving.status)
    }

    func journalDelegateGetsTheResultOnTheMainActor() async {
        let controller = EntryViewController(provider: Provider(stubClosure: Provider.delayedStub(0.01)))
        controller.viewDidLoad()
        for _ in 0..<1000 where controller.shown == nil {
            try? await Task.sleep(for: .milliseconds(5))
        }
        check("journal: a delegate gets the mapped result", controller.titleText == "Entry 1", controller.titleText)
        let stubs = Stubs<JournalAPI>()
        stubs.on(where: { $0.path == "/entries/1" }, .status(404))
        let failing = EntryViewController(provider: Provider(stubs: stubs))
        failing.viewDidLoad()
        for _ in 0..<1000 where failing.shown == nil {
            try? await Task.sleep(for: .milliseconds(5))
        }
        check("journal: a 404 maps to the app's error", failing.shown == .failure(.notFound), "\(failing.titleText)")
    }

    func journalGlobalActorCompletionRunsOnThatActor() async {
        let engine = SyncEngine(provider: Provider(stubClosure: Provider.delayedStub(0.01)))
        await engine.refresh(id: 5)
        var completions = 0
        for _ in 0..<1000 where completions == 0 {
            completions = await engine.completions
            if completions == 0 { try? await Task.sleep(for: .milliseconds(5)) }
        }
        check("journal: a completion from a global actor runs on it", completions == 1)
        try? await engine.sync(pages: 2)
        let stored = await engine.stored.count
        check("journal: a global actor's async requests", stored == 3, "\(stored)")
    }

    func journalNonisolatedAndSendingShapesRun() async {
        let model = EditorModel(provider: Provider(stubClosure: Provider.delayedStub(0.01)))
        let count = await model.prefetch(ids: [1, 2, 3])
        check("journal: a nonisolated method of a main-actor type requests", count == 3)
        try? await model.save(title: "  Walk ")
        check("journal: a sending draft saved on the database actor", model.saved?.title == "Walk")
        let probe = Probe()
        model.exists(id: 2) { found in if found { probe.record("exists") } }
        let arrived = await probe.wait(for: "exists")
        check(
            "journal: a nonisolated method's completion comes on the main queue, as in Moya",
            arrived && probe.places("exists").allSatisfy(\.isMainThread), "\(probe.places("exists"))")
    }

    func journalMainActorTargetStreamsAndReadsTheCache() async {
        let notes = NotesModel(provider: Provider(stubClosure: Provider.immediatelyStub))
        notes.onAppear()
        await notes.feedEnded()
        check("journal: a main-actor target's stream", notes.lines == ["first", "second"], "\(notes.lines)")
        let cache = HTTPCache(configuration: .init())
        let stored = cache.script(
            URL(string: "https://notes.example.com/pinned")!, body: Data(#"["cached"]"#.utf8),
            headers: ["Cache-Control": "max-age=600"])
        let cached = NotesModel(provider: Provider(cache: cache))
        try? await cached.loadPinned()
        check(
            "journal: a target's cache policy answers from the cache",
            stored && cached.pinned == ["cached"] && cached.pinnedOrigin == .cache,
            "\(cached.pinned) \(String(describing: cached.pinnedOrigin))")
    }

    func journalTokenRefreshAndSettingsHeaders() async {
        let stubs = Stubs<JournalAPI>()
        stubs.on(where: { $0.path == "/me" }, responses: [.status(401), .sampleData])
        let recorder = RequestRecorder()
        let provider = Provider(
            stubs: stubs, endpointClosure: JournalProviders.endpoint(for:),
            plugins: JournalProviders.plugins + [recorder])
        let profile = try? await provider.request(JournalAPI.profile)
        let refreshes = await JournalProviders.vault.refreshCount
        check("journal: a 401 refreshes the token once and replays", profile?.name == "Ada" && refreshes == 1)
        let last = recorder.requests.last?.urlRequest
        check(
            "journal: the replay carries the new token and the settings' language",
            last?.value(forHTTPHeaderField: "Authorization") == "Bearer fresh-token"
                && last?.value(forHTTPHeaderField: "Accept-Language") == "nb-NO",
            "\(String(describing: last?.allHTTPHeaderFields))")
        let name = try? await JournalProviders.signedInName()
        check(
            "journal: one provider of MultiTarget for two APIs", name == "Ada fresh-token",
            "\(String(describing: name))")
    }

    func journalClientsAndContainerAnswer() async {
        let container = AppContainer.live()
        let name = try? await container.userName()
        let count = try? await container.entryCount()
        check("journal: a container's existential provider", name == "Ada" && count == 2)
        let repository = RemoteEntryRepository(provider: Provider(stubClosure: Provider.immediatelyStub))
        let title = await loadTitle(4, from: repository)
        check("journal: a repository behind a protocol", title == "Entry 4", title)
        let entries = try? await container.client.entries(1)
        let mocked = try? await JournalClient.$current.withValue(.mock) { try await JournalClient.current.entry(2) }
        check("journal: a client of Sendable closures", entries?.count == 2 && mocked?.title == "Mock 2")
    }
}
