import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Provider {
    /// The endpoint for `target`: URL = `baseURL` + `path`, the target's method, task and headers,
    /// and a stub that answers `200` with the target's `sampleData`.
    public static func defaultEndpointMapping(for target: Target) -> Endpoint {
        Endpoint(
            url: TargetURL.string(
                baseURL: target.baseURL, path: target.path, percentEncoded: target.pathIsPercentEncoded),
            sampleResponseClosure: { .networkResponse(200, target.sampleData) },
            method: target.method,
            task: target.task,
            httpHeaderFields: target.headers)
    }

    /// Builds the endpoint's `URLRequest` and hands it, or the error, to `closure` at once.
    public static func defaultRequestMapping(for endpoint: Endpoint, closure: @escaping RequestResultClosure) {
        do {
            closure(.success(try endpoint.urlRequest()))
        } catch {
            closure(.failure(error))
        }
    }

    /// Never stubs: every request goes over the transport.
    public static func neverStub(_: Target) -> StubBehavior { .never }

    /// Stubs every request with its sample response, at once.
    public static func immediatelyStub(_: Target) -> StubBehavior { .immediate }

    // The same four as closures, which is what `Provider.immediatelyStub` and the others name
    // where a closure is expected: a method named as a value becomes a closure that is not
    // isolated, which cannot use a main-actor conformance to `TargetType` (Xcode 26's default for
    // an app's types). These closures are made where they are named, on the caller's actor, and
    // call the methods above.

    /// ``defaultEndpointMapping(for:)`` as an ``EndpointClosure``.
    public static var defaultEndpointMapping: EndpointClosure { { defaultEndpointMapping(for: $0) } }

    /// ``defaultRequestMapping(for:closure:)`` as a ``RequestClosure``.
    public static var defaultRequestMapping: RequestClosure { { defaultRequestMapping(for: $0, closure: $1) } }

    /// ``neverStub(_:)`` as a ``StubClosure``.
    public static var neverStub: StubClosure { { _ in .never } }

    /// ``immediatelyStub(_:)`` as a ``StubClosure``.
    public static var immediatelyStub: StubClosure { { _ in .immediate } }

    /// Stubs every request with its sample response after `seconds`.
    public static func delayedStub(_ seconds: TimeInterval) -> StubClosure {
        { _ in .delayed(seconds: seconds) }
    }
}
