// The call shapes of the completion API, compiled in Swift 6 mode by this test target and in
// Swift 5 mode by `scripts/test.sh` (`swiftc -typecheck -swift-version 5`): every existing shape
// must resolve without ambiguity to the `@Sendable` form, and main-actor code must be able to
// hand a main-actor completion. This file imports Courier only, so that the script can check it
// on its own. CompletionCallShapeTests runs the functions and checks where each callback ran.
import Courier
import Dispatch
import Foundation

/// A one-endpoint API for the call shapes.
enum CallShapeAPI: TargetType {
    case item

    var baseURL: URL { URL(string: "https://shapes.example")! }
    var path: String { "/item" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var sampleData: Data { Data("item".utf8) }
}

/// Every pre-existing shape, from code that is not isolated to any actor. Each completion must
/// run where the `@Sendable` form delivers: on `queue` when the call or the provider names it.
func existingCallShapes(_ provider: Provider<CallShapeAPI>, queue: DispatchQueue, done: @escaping Completion) {
    provider.request(.item) { result in done(result) }
    provider.request(.item, completion: { result in done(result) })
    provider.request(.item, completion: done)
    provider.request(.item, callbackQueue: queue) { result in done(result) }
    provider.request(.item, callbackQueue: queue, progress: nil) { result in done(result) }
    provider.request(.item, callbackQueue: queue, progress: { _ in }, completion: done)
    // swift-format-ignore: OnlyOneTrailingClosureArgument
    provider.request(.item, progress: { _ in }) { result in done(result) }
    let progress: ProgressBlock = { _ in }
    provider.request(.item, progress: progress, completion: done)
    let token: any Cancellable = provider.request(.item) { result in done(result) }
    _ = token
}

/// The same shapes through the protocol, generic and existential.
func existingCallShapes<P: ProviderType<CallShapeAPI>>(through provider: P, done: @escaping Completion) {
    provider.request(.item) { result in done(result) }
    provider.request(.item, completion: done)
    provider.request(.item, callbackQueue: nil, progress: nil) { result in done(result) }
    let existential: any ProviderType<CallShapeAPI> = provider
    existential.request(.item) { result in done(result) }
}

/// A view model on the main actor whose completions use its own state.
@MainActor
final class CallShapeViewModel {
    let provider: Provider<CallShapeAPI>
    private(set) var shown: [String] = []

    init(provider: Provider<CallShapeAPI>) {
        self.provider = provider
    }

    func show(_ result: Result<Response, CourierError>) {
        shown.append((try? result.get().mapString()) ?? "failure")
    }

    /// Main-actor completions: a closure marked `@MainActor`, and a main-actor method.
    func load() {
        provider.request(.item) { @MainActor [weak self] result in self?.show(result) }
        provider.request(.item, completion: show)
        // swift-format-ignore: OnlyOneTrailingClosureArgument
        provider.request(.item, progress: { [weak self] _ in self?.shown.append("progress") }) {
            @MainActor [weak self] result in self?.show(result)
        }
    }

    /// Existing shapes from main-actor code still compile; their closures belong to the main actor
    /// and run there, whatever the queue.
    func loadTheMoyaWay(queue: DispatchQueue, done: @escaping Completion) {
        provider.request(.item) { result in done(result) }
        provider.request(.item, callbackQueue: queue) { result in done(result) }
    }
}
