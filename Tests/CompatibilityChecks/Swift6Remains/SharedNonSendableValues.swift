// Swift 6 error: "is not concurrency-safe". A plugin, a provider wrapper (a ported `MoyaProvider`
// subclass) or a provider's closure in a `static let` or a global is refused, as Moya's were: none
// is `Sendable`. Mark the declaration `@MainActor` when main-actor code uses it, or build it where it
// is used; a `Provider` is `Sendable`, so a shared provider needs nothing. Under Xcode 26's settings
// (main actor by default) this compiles as it is.
import Courier
import CourierPlugins

enum NewsAPI: TargetType {
    case latest

    var baseURL: URL { URL(string: "https://news.example.com")! }
    var path: String { "/latest" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .requestPlain }
}

final class NewsProvider: ProviderWrapper {
    typealias Target = NewsAPI
    let provider = Provider<NewsAPI>()
}

enum News {
    static let logger = NetworkLoggerPlugin()
    static let wrapper = NewsProvider()
    static let endpointClosure = { (target: NewsAPI) -> Endpoint in Provider.defaultEndpointMapping(for: target) }
    static let provider = Provider<NewsAPI>(plugins: [NetworkLoggerPlugin()])
}
