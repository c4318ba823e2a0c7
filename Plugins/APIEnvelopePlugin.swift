import Courier

/// Checks every successful response against an API's ``APIEnvelope``: a failure reported inside
/// the envelope becomes `CourierError.underlying(APIEnvelopeError, response)`, and a success hands
/// on only the payload, so `request(_:as:)` decodes the payload type directly.
///
/// ```swift
/// let provider = Provider<API>(plugins: [APIEnvelopePlugin(Envelope.self, payloadKeyPath: "data")])
/// ```
public struct APIEnvelopePlugin<Envelope: APIEnvelope>: SynchronousPlugin {
    /// A dotted key path to the payload; `nil` keeps the whole body.
    public let payloadKeyPath: String?
    /// The decoder for the envelope.
    public let decoder: any DataDecoder

    /// Creates the plugin.
    /// - Parameters:
    ///   - envelope: The envelope type the API wraps answers in.
    ///   - payloadKeyPath: A dotted key path to the payload, e.g. `"data"`. `nil` by default.
    ///   - decoder: The decoder for the envelope. A new `JSONDecoder` by default.
    public init(_ envelope: Envelope.Type, payloadKeyPath: String? = nil, decoder: any DataDecoder = JSONDecoder()) {
        self.payloadKeyPath = payloadKeyPath
        self.decoder = decoder
    }

    /// Unwraps successful responses; failures pass through unchanged.
    public func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<
        Response, CourierError
    > {
        guard case .success(let response) = result else { return result }
        do throws(CourierError) {
            return .success(
                try response.unwrappingEnvelope(Envelope.self, payloadKeyPath: payloadKeyPath, decoder: decoder))
        } catch {
            return .failure(error)
        }
    }
}
