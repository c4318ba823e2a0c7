// The app's tests, in Swift Testing as Xcode 26 makes them: stubbed providers, per-test stub rules
// that read the target, and the completion API checked right after the call.
import Courier
import CourierTesting
import Foundation
import Testing

@MainActor
struct ShopTests {
    @Test func viewModel_showsTheStubbedProducts() {
        let model = ProductListViewModel(provider: Provider(stubClosure: Provider.immediatelyStub))
        model.load()
        #expect(model.products.map(\.name) == ["Lamp", "Chair"])
    }

    @Test func failingEndpoint_showsTheStatus() async {
        let stubs = Stubs<Shop>()
        stubs.on(where: { $0.path == "/products" }, .status(503))
        let model = ProductListViewModel(provider: Provider(stubs: stubs))
        await model.refresh()
        #expect(model.message == "HTTP 503")
    }

    @Test func service_createsAProduct() async {
        let service = ProductService(provider: Provider(stubClosure: Provider.immediatelyStub))
        let name = await withCheckedContinuation { continuation in
            service.create(NewProduct(name: "Desk", price: 120)) { result in
                continuation.resume(returning: (try? result.get())?.name)
            }
        }
        #expect(name == "Desk")
    }

    @Test func customSample_answersTheStatus() async {
        let provider = Providers.stubbed(status: 404)
        do {
            _ = try await provider.request(.product(id: 9))
            Issue.record("a 404 is not a success")
        } catch {
            #expect(error.response?.statusCode == 404)
        }
    }
}
