// How the app turns Courier's errors into its own: `catch let error as CourierError` in code with
// untyped throws, a `switch` over the cases, and `Result` handed to a UIKit-style delegate.
import Courier
import Foundation

extension JournalError {
    /// Maps any error a request threw to what the screens show.
    init(_ error: any Error) {
        if let error = error as? CourierError {
            self.init(courier: error)
        } else if error is DecodingError {
            self = .unreadable
        } else {
            self = .offline
        }
    }

    init(courier error: CourierError) {
        if error.isCancelled {
            self = .cancelled
            return
        }
        switch error {
        case .statusCode(let response) where response.statusCode == 401:
            self = .signedOut
        case .statusCode(let response) where response.statusCode == 404:
            self = .notFound
        case .statusCode(let response):
            self = .server(status: response.statusCode)
        case .objectMapping, .jsonMapping, .stringMapping:
            self = .unreadable
        case .underlying(let underlying, _):
            self = (underlying as? URLError)?.code == .notConnectedToInternet ? .offline : .server(status: 0)
        default:
            self = .offline
        }
    }
}

/// A repository method with untyped throws, as most apps' are; callers catch Courier's error by type.
func loadTitle(_ id: Int, from repository: some EntryRepository) async -> String {
    do {
        return try await repository.entry(id: id).title
    } catch let error as CourierError {
        return error.response.map { "HTTP \($0.statusCode)" } ?? "offline"
    } catch {
        return "\(error)"
    }
}

/// A UIKit-style delegate: the loader reports a `Result` of the app's error.
protocol EntryLoaderDelegate: AnyObject {
    func entryLoader(_ loader: EntryLoader, didFinishWith result: Result<Entry, JournalError>)
}

/// Loads an entry with the completion API and hands the outcome to its delegate.
@MainActor
final class EntryLoader {
    weak var delegate: EntryLoaderDelegate?
    private let provider: Provider<JournalAPI>
    private var request: Cancellable?

    init(provider: Provider<JournalAPI>) {
        self.provider = provider
    }

    func load(id: Int) {
        request?.cancel()
        request = provider.request(.entry(id: id)) { [weak self] result in
            guard let self else { return }
            let mapped = result.mapError(JournalError.init(courier:)).flatMap { response in
                Result { try response.map(Entry.self) }.mapError(JournalError.init)
            }
            self.delegate?.entryLoader(self, didFinishWith: mapped)
        }
    }

    func cancel() {
        request?.cancel()
    }
}

/// A view controller that is the loader's delegate, as UIKit code does.
@MainActor
final class EntryViewController {
    let loader: EntryLoader
    private(set) var titleText = ""
    private(set) var shown: Result<Entry, JournalError>?

    init(provider: Provider<JournalAPI>) {
        loader = EntryLoader(provider: provider)
        loader.delegate = self
    }

    func viewDidLoad() {
        loader.load(id: 1)
    }

    func entryLoader(_ loader: EntryLoader, didFinishWith result: Result<Entry, JournalError>) {
        MainActor.assertIsolated()
        shown = result
        switch result {
        case .success(let entry): titleText = entry.title
        case .failure(.signedOut): titleText = "Please sign in"
        case .failure(let error): titleText = "\(error)"
        }
    }
}

#if XCODE26
    // The protocol is the main actor's, as the controller is.
    extension EntryViewController: EntryLoaderDelegate {}
#else
    // The protocol is isolated to no actor: `@preconcurrency` checks at run time that it is called on
    // the main actor.
    extension EntryViewController: @preconcurrency EntryLoaderDelegate {}
#endif
