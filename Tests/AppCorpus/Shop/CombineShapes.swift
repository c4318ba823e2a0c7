// Combine, as apps that used CombineMoya write it: an ObservableObject whose @Published state
// follows publishers of responses, decoded models and progress; a service handing publishers to
// its screens; and a ProviderWrapper's publishers. Combine is an Apple framework: on Linux this
// file is empty, and it is compiled for iOS in the four configurations (see README.md).
#if canImport(Combine)
    import Combine
    import Courier
    import Foundation

    @MainActor
    final class ProductFeedModel: ObservableObject {
        @Published private(set) var products: [Product] = []
        @Published private(set) var message = ""
        @Published private(set) var downloaded = 0.0
        private var cancellables = Set<AnyCancellable>()
        private let provider: Provider<Shop>

        init(provider: Provider<Shop>) {
            self.provider = provider
        }

        /// The CombineMoya chain: filter, decode, then update the model on the main queue.
        func load(page: Int) {
            provider.requestPublisher(.products(page: page))
                .filterSuccessfulStatusCodes()
                .map([Product].self)
                .receive(on: DispatchQueue.main)
                .sink(
                    receiveCompletion: { [weak self] completion in
                        if case .failure(let error) = completion { self?.message = error.localizedDescription }
                    },
                    receiveValue: { [weak self] products in self?.products = products }
                )
                .store(in: &cancellables)
        }

        /// A value at a key path, the error mapped into the app's own type, `assign(to:)`.
        func loadTitle(id: Int) {
            provider.requestPublisher(.product(id: id), callbackQueue: .main)
                .mapString(atKeyPath: "title")
                .map { "Now showing \($0)" }
                .catch { error in Just(error.isCancelled ? "" : "Could not load the product") }
                .assign(to: &$message)
        }

        /// Progress of a download, then its response.
        func downloadCatalog() {
            let events = provider.requestWithProgressPublisher(.catalog).share().eraseToAnyPublisher()
            events.filterProgress()
                .replaceError(with: 0)
                .sink { [weak self] fraction in self?.downloaded = fraction }
                .store(in: &cancellables)
            events.filterCompleted()
                .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] _ in self?.downloaded = 1 })
                .store(in: &cancellables)
        }

        /// Leaving the screen cancels what is in flight.
        func leave() {
            cancellables.removeAll()
        }
    }

    /// A service that hands publishers to its screens, as app layers over CombineMoya did.
    struct ProductPublishers {
        let provider: ShopProvider

        func product(id: Int) -> AnyPublisher<Product, CourierError> {
            provider.requestPublisher(.product(id: id))
                .filter(statusCodes: 200..<300)
                .map(Product.self, using: JSONDecoder())
        }

        func deletion(id: Int) -> AnyPublisher<Bool, Never> {
            provider.requestPublisher(.delete(id: id))
                .filter(statusCode: 204)
                .map { _ in true }
                .replaceError(with: false)
                .eraseToAnyPublisher()
        }

        func anything(page: Int) -> AnyPublisher<Any, CourierError> {
            provider.requestPublisher(.products(page: page)).mapJSON(failsOnEmptyData: false)
        }

        /// Several requests at once, as `Publishers.Zip` of two screens' data.
        func firstTwo() -> AnyPublisher<(Product, Product), CourierError> {
            product(id: 1).zip(product(id: 2)).eraseToAnyPublisher()
        }
    }
#endif
