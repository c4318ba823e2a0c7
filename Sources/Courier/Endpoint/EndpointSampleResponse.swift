import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a stubbed request answers.
public enum EndpointSampleResponse: Sendable {
    /// A response with this status code and body, and no `HTTPURLResponse`.
    case networkResponse(Int, Data)
    /// This exact `HTTPURLResponse` (status code and headers) with this body.
    case response(HTTPURLResponse, Data)
    /// A failure, reported as ``CourierError/underlying(_:_:)`` with no response.
    case networkError(any Error)
}

/// When a provider answers from stubs instead of the network.
public enum StubBehavior: Sendable, Hashable {
    /// Send the request over the transport.
    case never
    /// Answer from the endpoint's sample response at once.
    case immediate
    /// Answer from the endpoint's sample response after `seconds`. Cancelling during the delay
    /// fails the request at once.
    case delayed(seconds: TimeInterval)
}
