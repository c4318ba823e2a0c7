import Courier
import Foundation

// Moya: providers built in unit tests, with sample data and custom sample responses.
enum TestProviders {
    static let stubbed = Provider<ShopAPI>(stubClosure: Provider.immediatelyStub)
    static let delayed = Provider<ShopAPI>(stubClosure: Provider.delayedStub(0.2))

    static func failing(statusCode: Int) -> Provider<ShopAPI> {
        let sampleResponse: Endpoint.SampleResponseClosure = { .networkResponse(statusCode, Data()) }
        let endpointClosure = { (target: ShopAPI) -> Endpoint in
            Endpoint(
                url: URL(target: target).absoluteString,
                sampleResponseClosure: sampleResponse,
                method: target.method, task: target.task, httpHeaderFields: target.headers)
        }
        return Provider<ShopAPI>(endpointClosure: endpointClosure, stubClosure: Provider.immediatelyStub)
    }

    static let offline = Provider<ShopAPI>(
        endpointClosure: { target in
            Endpoint(
                url: URL(target: target).absoluteString,
                sampleResponseClosure: {
                    .networkError(NSError(domain: NSURLErrorDomain, code: NSURLErrorNotConnectedToInternet))
                },
                method: target.method, task: target.task, httpHeaderFields: target.headers)
        }, stubClosure: Provider.immediatelyStub)
}
