import Foundation

/// A plugin that answers stubbed streamed requests with a body of its own, chunk by chunk, such as
/// `CourierTesting`'s `Stubs` with a scripted stream.
///
/// When `Provider.stream(_:)` stubs an attempt (its `stubClosure` says `.immediate` or
/// `.delayed`), it asks each such plugin in turn, after the stub's delay; the first stream wins.
/// When none answers, the endpoint's sample response is the head and its data the body, in one
/// chunk.
public protocol StreamStubbing: PluginType {
    /// The head and body that answer this attempt of `target`, or `nil` to leave it to the next
    /// plugin or to the endpoint's sample. ``RequestContext/current`` names the attempt.
    /// - Parameters:
    ///   - target: The target.
    ///   - request: The request, as every plugin left it.
    func stubbedStream(for target: any TargetType, request: URLRequest) -> TransportStream?
}
