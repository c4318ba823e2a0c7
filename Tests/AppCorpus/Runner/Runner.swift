// Runs the corpus's app code and checks that every callback arrives where the documentation says,
// with Swift's run-time isolation checks set to stop the process (SWIFT_UNEXPECTED_EXECUTOR_LOG_LEVEL=2)
// and, in the test command's sanitized run, under ThreadSanitizer. Prints one line per check and
// exits with 1 when any failed.
import Courier
import CourierPlugins
import Foundation

/// httpbin's endpoints, for transfers that report progress from the transport's threads.
enum Bin: TargetType {
    case bytes(Int)

    var baseURL: URL {
        URL(string: ProcessInfo.processInfo.environment["COURIER_HTTPBIN_URL"] ?? "http://127.0.0.1:9")!
    }
    var path: String {
        switch self {
        case .bytes(let count): "/bytes/\(count)"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
}

@MainActor
final class Checks {
    private(set) var failed = 0

    func check(_ name: String, _ condition: Bool, _ detail: @autoclosure () -> String = "") {
        say(condition ? "ok: \(name)" : "FAILED: \(name) \(detail())")
        if !condition { failed += 1 }
    }

    func run() async {
        await viewModelCompletionOfAnImmediateStubRunsInTheCall()
        await viewModelCompletionAndPluginsOfADelayedStubRunOnTheMainActor()
        await viewModelAsyncRequestRunsPluginsOnTheMainActor()
        #if !XCODE26
            // Under Xcode 26's default the service belongs to the main actor: no background thread calls it.
            await serviceFromABackgroundThreadCompletesOnTheMainQueue()
        #endif
        await nonisolatedCallerWithACallbackQueueCompletesOnIt()
        await mainActorClosureFromABackgroundThreadRunsOnTheMainActor()
        await actorCompletionRunsOnTheActor()
        await serverManyConcurrentRequestsCountEveryOne()
        await articleShapesRun()
        await runJournal()
        #if XCODE26
            await mainActorPluginIsCalledOnTheMainActor()
        #endif
        await realTransferProgressAndCompletionRunOnTheMainActor()
    }

    func viewModelCompletionOfAnImmediateStubRunsInTheCall() async {
        let model = ProductListViewModel(provider: Provider(stubClosure: Provider.immediatelyStub))
        model.load()
        check("view model: an immediate stub's completion runs in the call", model.events == ["completion"])
        check("view model: the completion decoded the products", model.products.count == 2, model.message)
    }

    func viewModelCompletionAndPluginsOfADelayedStubRunOnTheMainActor() async {
        let probe = Probe()
        let provider = Provider<Shop>(stubClosure: Provider.delayedStub(0.02), plugins: [WherePlugin(probe: probe)])
        provider.request(.product(id: 4)) { result in
            MainActor.assertIsolated()
            probe.record("completion")
        }
        let arrived = await probe.wait(for: "completion")
        check("view model: a delayed stub completes", arrived)
        for step in ["prepare", "willSend", "didReceive", "process", "completion"] {
            check(
                "view model: \(step) runs on the main thread", probe.places(step).allSatisfy(\.isMainThread),
                "\(probe.places(step))")
        }
    }

    func viewModelAsyncRequestRunsPluginsOnTheMainActor() async {
        let probe = Probe()
        let provider = Provider<Shop>(stubClosure: Provider.delayedStub(0.01), plugins: [WherePlugin(probe: probe)])
        let model = ProductListViewModel(provider: provider)
        await model.refresh()
        check("async from the main actor: the request succeeds", model.message == "refreshed", model.message)
        check(
            "async from the main actor: plugins run on the main thread",
            ["prepare", "willSend", "didReceive", "process"].allSatisfy {
                !probe.places($0).isEmpty && probe.places($0).allSatisfy(\.isMainThread)
            })
    }

    #if !XCODE26
        func serviceFromABackgroundThreadCompletesOnTheMainQueue() async {
            let probe = Probe()
            DispatchQueue.global().async {
                let service = ProductService(provider: Provider(stubClosure: Provider.delayedStub(0.01)))
                service.create(NewProduct(name: "Desk", price: 120)) { result in
                    if (try? result.get().name) == "Desk" { probe.record("created") }
                }
            }
            let arrived = await probe.wait(for: "created")
            check("service: a forwarded completion arrives", arrived)
            check("service: on the main queue, as in Moya", probe.places("created").allSatisfy(\.isMainThread))
        }
    #endif

    nonisolated func nonisolatedRequestWithQueue(
        _ provider: Provider<Inventory>, _ queue: DispatchQueue, _ probe: Probe
    ) {
        DispatchQueue.global().async {
            provider.request(.stock(sku: "A"), callbackQueue: queue) { _ in probe.record("queued") }
        }
    }

    func nonisolatedCallerWithACallbackQueueCompletesOnIt() async {
        let probe = Probe()
        nonisolatedRequestWithQueue(
            Provider(stubClosure: Provider.immediatelyStub), Probe.queue("callbacks"), probe)
        let arrived = await probe.wait(for: "queued")
        check(
            "nonisolated caller: completes on its callback queue",
            arrived && probe.places("queued") == [Place(queue: "callbacks")], "\(probe.places("queued"))")
    }

    func mainActorClosureFromABackgroundThreadRunsOnTheMainActor() async {
        let probe = Probe()
        let provider = Provider<Inventory>(stubClosure: Provider.delayedStub(0.01))
        DispatchQueue.global().async {
            provider.request(.stock(sku: "A")) { @MainActor _ in
                MainActor.assertIsolated()
                probe.record("main")
            }
        }
        let arrived = await probe.wait(for: "main")
        check(
            "a @MainActor closure from a background thread runs on the main actor",
            arrived && probe.places("main").allSatisfy(\.isMainThread))
    }

    func actorCompletionRunsOnTheActor() async {
        let cache = StockCache(client: InventoryClient(stubbed: true))
        await cache.refresh("A-1")
        var completions = 0
        for _ in 0..<1000 where completions == 0 {
            completions = await cache.completions
            if completions == 0 { try? await Task.sleep(for: .milliseconds(5)) }
        }
        check("an actor's completion runs on the actor and updates it", completions == 1)
        let probe = ActorProbe()
        await probe.start()
        var seen = false
        for _ in 0..<1000 where !seen {
            seen = await probe.completed
            if !seen { try? await Task.sleep(for: .milliseconds(5)) }
        }
        check("an actor's completion and progress run isolated to it", seen)
        let count = try? await cache.count(of: "B-2")
        check("an actor's async request decodes", count == 3)
    }

    func serverManyConcurrentRequestsCountEveryOne() async {
        let client = InventoryClient(stubbed: true)
        let total = try? await client.totalStock(of: (0..<200).map { "sku-\($0)" })
        check("server: 200 concurrent requests from a task group", total == 600)
        check("server: a locked plugin counts every request", client.counter.value == 200)
    }

    func articleShapesRun() async {
        let shapes = ArticleShapes()
        do {
            try await shapes.stubbing()
            try await shapes.testingTools()
            try await shapes.progress()
            check("article shapes: stubbing, testing tools and progress run", shapes.fraction == 1.0)
        } catch {
            check("article shapes: stubbing, testing tools and progress run", false, "\(error)")
        }
    }

    #if XCODE26
        func mainActorPluginIsCalledOnTheMainActor() async {
            let response = try? await Providers.signedIn.request(.product(id: 1))
            check(
                "Xcode 26: a main-actor plugin sets its header",
                response?.request?.value(forHTTPHeaderField: "X-Session") == "secret-token")
        }
    #endif

    func realTransferProgressAndCompletionRunOnTheMainActor() async {
        guard ProcessInfo.processInfo.environment["COURIER_HTTPBIN_URL"] != nil else {
            say("skipped: real transfer (no COURIER_HTTPBIN_URL)")
            return
        }
        let probe = Probe()
        let provider = Provider<Bin>(plugins: [WherePlugin(probe: probe)])
        var fractions: [Double] = []
        provider.request(
            .bytes(100_000),
            progress: { event in
                MainActor.assertIsolated()
                fractions.append(event.progress)
                probe.record("progress")
            },
            completion: { result in
                MainActor.assertIsolated()
                if (try? result.get().data.count) == 100_000 { probe.record("completion") }
            })
        let arrived = await probe.wait(for: "completion", seconds: 30)
        check("real transfer: completes with the whole body", arrived)
        check(
            "real transfer: progress and completion on the main thread",
            (probe.places("progress") + probe.places("completion")).allSatisfy(\.isMainThread))
        check(
            "real transfer: progress rises to 1.0, last", fractions.last == 1.0 && fractions == fractions.sorted(),
            "\(fractions)")
        check(
            "real transfer: plugins on the main thread",
            ["prepare", "willSend", "didReceive", "process"].allSatisfy { probe.places($0).allSatisfy(\.isMainThread) })
    }
}

@main
enum Runner {
    @MainActor
    static func main() async {
        Probe.nameTheMainQueue()
        let checks = Checks()
        await checks.run()
        let failed = checks.failed
        say(failed == 0 ? "all checks passed" : "\(failed) checks failed")
        exit(failed == 0 ? 0 : 1)
    }
}

/// Writes a line at once (a pipe would buffer `print`), so a hang shows where it stopped.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// An actor whose completion checks, at run time, that it runs isolated to the actor.
actor ActorProbe {
    private(set) var completed = false
    private let provider = Provider<Inventory>(stubClosure: Provider.delayedStub(0.01))

    func start() {
        provider.request(
            .stock(sku: "A"), progress: { _ in self.preconditionIsolated() },
            completion: { _ in
                self.preconditionIsolated()
                self.completed = true
            })
    }
}
