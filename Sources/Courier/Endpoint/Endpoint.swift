import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A target resolved into what will be sent: URL, method, task, headers and the stubbed answer.
///
/// A provider's `endpointClosure` maps each target to an endpoint; customise that closure to add
/// headers or replace tasks for every target at once:
///
/// ```swift
/// let provider = Provider<GitHub>(endpointClosure: { target in
///     Provider.defaultEndpointMapping(for: target).adding(newHTTPHeaderFields: ["X-App": "1"])
/// })
/// ```
///
/// An endpoint is `Sendable`, but its ``sampleResponseClosure`` need not be: it usually reads the
/// target, which in an app may belong to the main actor. The provider calls it only where it uses
/// the target, on the caller's isolation; code of yours that calls it should do the same.
public struct Endpoint: Sendable {
    /// A closure that gives a stubbed request's answer, evaluated when the stub fires.
    public typealias SampleResponseClosure = () -> EndpointSampleResponse

    /// The URL as text, without the task's query parameters (they are added by ``urlRequest()``).
    public let url: String
    /// The stubbed answer.
    public var sampleResponseClosure: SampleResponseClosure { sample.value }
    /// The stubbed answer, called only on the isolation of the code that made the endpoint.
    private let sample: CallerIsolated<SampleResponseClosure>
    /// The HTTP method.
    public let method: HTTPMethod
    /// What the request carries.
    public let task: HTTPTask
    /// The request's headers.
    public let httpHeaderFields: [String: String]?

    /// Creates an endpoint.
    /// - Parameters:
    ///   - url: The URL as text, without the task's query parameters.
    ///   - sampleResponseClosure: The stubbed answer.
    ///   - method: The HTTP method.
    ///   - task: What the request carries.
    ///   - httpHeaderFields: The request's headers.
    public init(
        url: String,
        sampleResponseClosure: @escaping SampleResponseClosure,
        method: HTTPMethod,
        task: HTTPTask,
        httpHeaderFields: [String: String]?
    ) {
        self.url = url
        self.sample = CallerIsolated(sampleResponseClosure)
        self.method = method
        self.task = task
        self.httpHeaderFields = httpHeaderFields
    }

    /// A copy with `newHTTPHeaderFields` added; a new value replaces an existing one of the same
    /// name, in any case. An empty dictionary changes nothing.
    public func adding(newHTTPHeaderFields: [String: String]) -> Endpoint {
        guard !newHTTPHeaderFields.isEmpty else { return self }
        return Endpoint(
            url: url, sampleResponseClosure: sampleResponseClosure, method: method, task: task,
            httpHeaderFields: HTTPHeaders.merging(httpHeaderFields, with: newHTTPHeaderFields))
    }

    /// A copy with `task` in place of this endpoint's task.
    public func replacing(task: HTTPTask) -> Endpoint {
        Endpoint(
            url: url, sampleResponseClosure: sampleResponseClosure, method: method, task: task,
            httpHeaderFields: httpHeaderFields)
    }
}
