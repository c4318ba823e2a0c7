import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every way a Courier request can fail, named by the phase that failed.
///
/// Cases that happen after an answer arrived keep the ``Response``, available as ``response``.
/// Descriptions say what went wrong and where (method, URL, status code and the start of the
/// body), and never contain header values or secret query parameters.
public enum CourierError: Error {
    /// The body is not an image `Response.mapImage()` can make (Apple platforms).
    case imageMapping(Response)
    /// The body is not JSON.
    case jsonMapping(Response)
    /// The body is not UTF-8 text, or has no string at the requested key path.
    case stringMapping(Response)
    /// The body could not be decoded as the requested type; the error says why.
    case objectMapping(any Error, Response)
    /// An `Encodable` body could not be encoded.
    case encodableMapping(any Error)
    /// The status code is not accepted by the target's ``ValidationType`` or a `filter` call.
    case statusCode(Response)
    /// The transport, a stub, a plugin or cancellation failed with `error`; the response if one arrived.
    ///
    /// A cancelled request fails with `URLError(.cancelled)` here; see ``isCancelled``.
    case underlying(any Error, Response?)
    /// The endpoint could not be turned into a `URLRequest`; carries the URL text that was rejected.
    case requestMapping(String)
    /// The parameters could not be encoded; usually a ``ParameterEncodingError`` naming the key.
    case parameterEncoding(any Error)

    /// The response this error carries, if the request got that far.
    public var response: Response? {
        switch self {
        case .imageMapping(let response), .jsonMapping(let response), .stringMapping(let response),
            .objectMapping(_, let response), .statusCode(let response):
            response
        case .underlying(_, let response):
            response
        case .encodableMapping, .requestMapping, .parameterEncoding:
            nil
        }
    }

    /// The error this one wraps, if any.
    public var underlyingError: (any Error)? {
        switch self {
        case .objectMapping(let error, _), .encodableMapping(let error), .underlying(let error, _),
            .parameterEncoding(let error):
            error
        case .imageMapping, .jsonMapping, .stringMapping, .statusCode, .requestMapping:
            nil
        }
    }

    /// Whether the request was cancelled, by a ``Cancellable`` or by cancelling the Swift `Task`.
    public var isCancelled: Bool {
        guard case .underlying(let error, _) = self else { return false }
        if error is CancellationError { return true }
        if let courierError = error as? CourierError { return courierError.isCancelled }
        return (error as? URLError)?.code == .cancelled
    }

    /// The error a cancelled request fails with: `.underlying(URLError(.cancelled), nil)`, which
    /// bridges to `NSURLErrorDomain` code `NSURLErrorCancelled` as in Moya.
    public static var cancelled: CourierError {
        .underlying(URLError(.cancelled), nil)
    }

    /// Wraps any error: a `CourierError` is kept as it is, anything else becomes `.underlying`.
    public static func wrapping(_ error: any Error, response: Response? = nil) -> CourierError {
        if let courierError = error as? CourierError { return courierError }
        if error is CancellationError { return .cancelled }
        return .underlying(error, response)
    }
}
