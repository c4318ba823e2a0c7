// Code that runs off the main actor: a shared client used from a task group and from an actor,
// with a plugin that keeps its state behind a lock. Under Xcode 26's default it says
// `nonisolated`, as such code does there.
import Courier
import Foundation

nonisolated enum Inventory: TargetType, Sendable {
    case stock(sku: String)

    var baseURL: URL { URL(string: "https://inventory.example.com")! }
    var path: String {
        switch self {
        case .stock(let sku): "/stock/\(sku)"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
    var sampleData: Data { Data(#"{"count": 3}"#.utf8) }
}

nonisolated struct Stock: Decodable, Sendable {
    let count: Int
}

/// A plugin shared by every task: its state is behind a lock.
nonisolated final class RequestCounter: PluginType, Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var count = 0

    var value: Int { lock.withLock { count } }

    func willSend(_ request: RequestType, target: TargetType) {
        lock.withLock { count += 1 }
    }
}

nonisolated final class InventoryClient: Sendable {
    let counter = RequestCounter()
    let provider: Provider<Inventory>

    init(stubbed: Bool) {
        provider = Provider<Inventory>(
            stubClosure: stubbed ? Provider.immediatelyStub : Provider.neverStub, plugins: [counter])
    }

    /// Many requests at once, from a task group.
    func totalStock(of skus: [String]) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for sku in skus {
                group.addTask { try await self.provider.request(.stock(sku: sku), as: Stock.self).count }
            }
            return try await group.reduce(0, +)
        }
    }
}

/// An actor that keeps what it fetched.
actor StockCache {
    private let client: InventoryClient
    private var counts: [String: Int] = [:]
    private(set) var completions = 0

    init(client: InventoryClient) {
        self.client = client
    }

    func count(of sku: String) async throws -> Int {
        if let count = counts[sku] { return count }
        let count = try await client.provider.request(.stock(sku: sku), as: Stock.self).count
        counts[sku] = count
        return count
    }

    /// The completion API from an actor: the completion runs on the actor.
    func refresh(_ sku: String) {
        client.provider.request(.stock(sku: sku)) { result in
            self.completions += 1
            if let stock = try? result.get().map(Stock.self) {
                self.counts[sku] = stock.count
            }
        }
    }
}
