// A screen's view model on the main actor, as SwiftUI models and view controllers are: it updates
// itself from completions and progress closures, unannotated, and from async calls.
import Courier
import Foundation

@MainActor
final class ProductListViewModel {
    private let provider: Provider<Shop>
    private var inFlight: Cancellable?
    private(set) var products: [Product] = []
    private(set) var message = ""
    private(set) var progress = 0.0
    private(set) var events: [String] = []

    init(provider: Provider<Shop>) {
        self.provider = provider
    }

    /// Moya's call shape: the completion updates the model directly.
    func load(page: Int = 1) {
        inFlight?.cancel()
        inFlight = provider.request(.products(page: page)) { result in
            switch result {
            case .success(let response):
                do {
                    self.products = try response.map([Product].self)
                    self.message = "\(self.products.count) products"
                } catch {
                    self.message = "Could not read the products"
                }
            case .failure(let error):
                self.message = error.localizedDescription
            }
            self.events.append("completion")
        }
    }

    /// A completion with `[weak self]`, as view controllers write them.
    func loadProduct(id: Int) {
        provider.request(.product(id: id)) { [weak self] result in
            guard let self else { return }
            if let product = try? result.get().map(Product.self) {
                self.products = [product]
            }
            self.events.append("product")
        }
    }

    /// A download with a progress bar.
    func downloadCatalog() {
        provider.request(
            .catalog,
            progress: { progress in
                self.progress = progress.progress
                self.events.append("progress")
            },
            completion: { result in
                self.message = (try? result.get()) == nil ? "download failed" : "downloaded"
                self.events.append("downloaded")
            })
    }

    /// The trailing-closure form with a progress argument, as Moya code writes it.
    func upload(_ avatar: Data) {
        // swift-format-ignore: OnlyOneTrailingClosureArgument
        provider.request(.avatar(avatar), progress: { self.progress = $0.progress }) { result in
            self.message = result.isSuccess ? "uploaded" : "upload failed"
        }
    }

    /// async/await from the main actor.
    func refresh() async {
        do {
            products = try await provider.request(.products(page: 1), as: [Product].self)
            message = "refreshed"
        } catch {
            message = error.response.map { "HTTP \($0.statusCode)" } ?? "offline"
        }
        events.append("refreshed")
    }

    /// Typed targets: the answer's type comes from the endpoint, in both forms.
    func loadTyped(id: Int) async {
        do {
            let product = try await provider.request(Shop.productDetail(id: id))
            products = [product]
        } catch {
            message = error.localizedDescription
        }
        provider.request(Shop.productList(page: 2)) { result in
            if case .success(let list) = result { self.products = list }
            self.events.append("typed")
        }
    }

    /// A main-actor method handed as the completion.
    func show(_ result: Result<Response, CourierError>) {
        message = (try? result.get().mapString()) ?? "failure"
    }

    func loadShown(id: Int) {
        provider.request(.product(id: id), completion: show)
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
