import Foundation

/// The wrapper an API puts around every answer, such as `{"code": 0, "msg": "ok", "data": {…}}`,
/// declared once so that call sites receive the payload or a meaningful error.
///
/// Decode only the envelope's own fields; the payload is read by key path:
///
/// ```swift
/// struct Envelope: APIEnvelope {
///     let code: Int
///     let msg: String?
///     var failure: APIEnvelopeError? { code == 0 ? nil : APIEnvelopeError(code: code, message: msg) }
/// }
/// let provider = Provider<API>(plugins: [APIEnvelopePlugin(Envelope.self, payloadKeyPath: "data")])
/// let user = try await provider.request(.user(7), as: User.self)   // the payload, or an APIEnvelopeError
/// ```
public protocol APIEnvelope: Decodable {
    /// `nil` when the envelope reports success; otherwise the server's code and message.
    var failure: APIEnvelopeError? { get }
}

/// A failure the server reported inside an envelope, often with HTTP 200. Carried by
/// ``CourierError/underlying(_:_:)`` together with the response.
public struct APIEnvelopeError: Error, LocalizedError, Sendable, Hashable {
    /// The server's error code, as text (`"40401"`, `"NOT_FOUND"`).
    public let code: String
    /// The server's message, if it sent one.
    public let message: String?

    /// Creates the error from any code the server uses, numeric or textual.
    /// - Parameters:
    ///   - code: The server's error code.
    ///   - message: The server's message. `nil` by default.
    public init(code: some CustomStringConvertible, message: String? = nil) {
        self.code = code.description
        self.message = message
    }

    /// `The server reported error 40401: user not found.`
    public var errorDescription: String? {
        "The server reported error \(code)" + (message.map { ": \($0)" } ?? "") + "."
    }
}

extension Response {
    /// This response with its envelope checked and removed.
    ///
    /// - When the body decodes as `envelope` and reports a failure, throws
    ///   `.underlying(APIEnvelopeError, self)`.
    /// - When it reports success, returns a response whose body is the JSON at `payloadKeyPath`
    ///   (`nil` keeps the whole body; a missing or null payload gives an empty body).
    /// - When the body is not such an envelope (an HTML error page, say), returns `self` unchanged,
    ///   so status validation and decoding report what is really wrong.
    /// - Parameters:
    ///   - envelope: The envelope type.
    ///   - payloadKeyPath: A dotted key path to the payload, e.g. `"data"`. `nil` by default.
    ///   - decoder: The decoder for the envelope. A new `JSONDecoder` by default.
    public func unwrappingEnvelope<Envelope: APIEnvelope>(
        _ envelope: Envelope.Type, payloadKeyPath: String? = nil, decoder: any DataDecoder = JSONDecoder()
    ) throws(CourierError) -> Response {
        guard let decoded = try? decoder.decode(Envelope.self, from: data) else { return self }
        if let failure = decoded.failure { throw .underlying(failure, self) }
        guard let payloadKeyPath else { return self }
        var payload = Data()
        if let object = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed),
            let value = JSONKeyPath.value(at: payloadKeyPath, in: object)
        {
            payload = (try? JSONSerialization.data(withJSONObject: value, options: .fragmentsAllowed)) ?? Data()
        }
        return Response(
            statusCode: statusCode, data: payload, request: request, http: http, fileURL: fileURL, origin: origin,
            measured: measured)
    }
}
