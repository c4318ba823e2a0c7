// The shapes the Getting Started, Plugins, Stubbing and Migrating articles show, written where an
// app writes them: in its screens' code, on the main actor.
import Courier
import CourierPlugins
import CourierTesting
import Foundation

struct APIKeyPlugin: SynchronousPlugin {
    let key: String

    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        var request = request
        request.setValue(key, forHTTPHeaderField: "X-API-Key")
        return request
    }
}

struct TimingPlugin: SynchronousPlugin {
    let report: (_ requestID: UInt64, _ attempt: Int, _ elapsed: Duration) -> Void

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        guard let context = RequestContext.current else { return }
        report(context.id, context.attempt, ContinuousClock.now - context.startedAt)
    }
}

struct FakeShop: ProviderType {
    func request(_ target: Shop) async throws(CourierError) -> Response {
        Response(statusCode: 200, data: Data(#"{"id": 1, "name": "Lamp"}"#.utf8))
    }
}

func productName(id: Int, provider: some ProviderType<Shop>) async throws(CourierError) -> String {
    try await provider.request(.product(id: id), as: Product.self).name
}

@MainActor
final class ArticleShapes {
    private(set) var timings: [Duration] = []
    private(set) var log: [String] = []
    private(set) var fraction = 0.0

    func plugins() -> Provider<Shop> {
        Provider<Shop>(plugins: [
            APIKeyPlugin(key: "k-123"),
            TimingPlugin { _, _, elapsed in self.timings.append(elapsed) },
            NetworkLoggerPlugin(
                configuration: .init(
                    output: { _, lines in self.log += lines },
                    logOptions: .verbose,
                    redaction: .default.adding(headers: ["X-Session"], queryParameters: ["sig"]))),
        ])
    }

    func stubbing() async throws {
        let instant = Provider<Shop>(stubClosure: Provider.immediatelyStub)
        let slow = Provider<Shop>(stubClosure: Provider.delayedStub(0.01))
        let mixed = Provider<Shop>(stubClosure: { target in
            if case .catalog = target { .never } else { .immediate }
        })
        let failing = Provider<Shop>(
            endpointClosure: { target in
                Endpoint(
                    url: "https://shop.example.com/api/products",
                    sampleResponseClosure: { .networkResponse(503, Data(#"{"error": "maintenance"}"#.utf8)) },
                    method: target.method,
                    task: target.task,
                    httpHeaderFields: target.headers)
            },
            stubClosure: Provider.immediatelyStub)
        _ = try await instant.request(.product(id: 1), as: Product.self)
        _ = try await slow.request(.product(id: 1))
        _ = try await mixed.request(.products(page: 1))
        do {
            _ = try await failing.request(.products(page: 1))
        } catch {
            if case .statusCode(let response) = error { log.append("\(response.statusCode)") }
        }
    }

    func testingTools() async throws {
        let recorder = RequestRecorder()
        let stubs = Stubs<Shop>()
        let provider = Provider(stubs: stubs, plugins: [recorder])
        stubs.on(where: { $0.path == "/products/1" }, .json(#"{"id": 1, "name": "Lamp"}"#))
        stubs.on(where: { $0.method == .delete }, .offline)
        _ = try await provider.request(.product(id: 1), as: Product.self)
        try recorder.single().expect(method: .get).expect(path: "/api/products/1")
        log.append(try await productName(id: 1, provider: FakeShop()))
    }

    func progress() async throws {
        let provider = Provider<Shop>(stubClosure: Provider.immediatelyStub)
        let download = provider.requestWithProgress(.catalog)
        for try await event in download {
            fraction = event.progress
        }
        _ = try await download.response
    }

    func gettingStarted() async {
        let provider = Provider<Shop>()
        do {
            let product = try await provider.request(.product(id: 1), as: Product.self)
            log.append(product.name)
        } catch {
            if let response = error.response {
                log.append("HTTP \(response.statusCode): \(error)")
            } else {
                log.append("No answer: \(error)")
            }
        }
        provider.request(.products(page: 1)) { result in
            switch result {
            case .success(let response): self.log.append("\(response.statusCode)")
            case .failure(let error): self.log.append("\(error)")
            }
        }
    }
}
