import Foundation

/// What a request carries: nothing, a body, parameters, an upload or a download.
///
/// Named `HTTPTask` rather than Moya's `Task` so that it never shadows Swift Concurrency's `Task`.
///
/// Cases that take parameters take Moya's `[String: Any]`: a dictionary literal of any values, a
/// `[String: Any]` built by a helper, a `[String: any Sendable]` or a ``RequestParameters``. Read
/// back from a task (`case let .requestParameters(parameters, _)`), they are that `[String: Any]`,
/// so `JSONSerialization`, `as? [String: Any]` and dictionary methods work on them as in Moya.
/// Multipart cases take a ``MultipartFormData`` or an array of ``MultipartFormBodyPart``.
///
/// The JSON cases take any `Encodable`, as Moya's do: a target's case may carry a model that is not
/// `Sendable`, or a bare `Encodable`.
///
/// Parameters and the `Encodable` are read where the endpoint's `URLRequest` is made
/// (``Endpoint/urlRequest()``, which the provider calls on the caller's isolation), and nowhere
/// else. There the parameters are copied into `Sendable` values, a ``RequestParameters``, which is
/// what a ``ParameterEncoding`` receives; parameters nested deeper than ``maximumNestingDepth``
/// fail the request with ``CourierError/parameterEncoding(_:)``.
public enum HTTPTask: @unchecked Sendable {
    // @unchecked Sendable: the parameters (`[String: Any]`) and the `Encodable` of the JSON cases
    // may hold values that are not Sendable. Courier reads them in one place,
    // `Endpoint.urlRequest()`, which the provider calls on the isolation of the code that made the
    // target (see `CallerIsolated`); there the parameters become a Sendable snapshot before any
    // encoding sees them. The rest of the pipeline and the transports may keep a task, and release
    // it, on other threads, but read only its Sendable parts (multipart parts, files, download
    // destinations). Code that reads a task's parameters (a plugin, an endpoint closure) runs
    // where the provider calls it, on the caller's isolation, as the target's own code does.
    /// A request with no parameters and no body.
    case requestPlain

    /// A request whose body is `Data`, sent as it is.
    case requestData(Data)

    /// A request whose body is the value as JSON with sorted keys, so equal values give equal bytes:
    /// what `JSONEncoder` writes with `.sortedKeys`, written by Courier's own encoder in one pass (see
    /// ``HTTPTask/maximumNestingDepth``). Sets `Content-Type: application/json` unless the target set one.
    case requestJSONEncodable(any Encodable)

    /// A request whose body is the value encoded by `encoder`.
    /// Sets `Content-Type: application/json` unless the target set one.
    case requestCustomJSONEncodable(any Encodable, encoder: JSONEncoder)

    /// A request with parameters placed by `encoding` (query string or body).
    case requestParameters(parameters: [String: Any], encoding: any ParameterEncoding)

    /// A request with a raw body and URL-encoded query parameters.
    case requestCompositeData(bodyData: Data, urlParameters: [String: Any])

    /// A request with body parameters encoded by `bodyEncoding` and URL-encoded query parameters.
    ///
    /// `bodyEncoding` must put the parameters in the body: a `URLEncoding` whose destination is
    /// not `.httpBody` fails with ``CourierError/parameterEncoding(_:)``.
    case requestCompositeParameters(
        bodyParameters: [String: Any],
        bodyEncoding: any ParameterEncoding,
        urlParameters: [String: Any]
    )

    /// Uploads the file at `URL` as the body, streamed from disk.
    case uploadFile(URL)

    /// Uploads a `multipart/form-data` body; file parts are streamed from disk.
    case uploadMultipartFormData(MultipartFormData)

    /// Uploads a `multipart/form-data` body with URL-encoded query parameters.
    case uploadCompositeMultipartFormData(MultipartFormData, urlParameters: [String: Any])

    /// Downloads the body to the file chosen by the destination.
    case downloadDestination(DownloadDestination)

    /// Downloads the body to the file chosen by the destination, with parameters placed by `encoding`.
    case downloadParameters(
        parameters: [String: Any],
        encoding: any ParameterEncoding,
        destination: DownloadDestination
    )

    /// Opens a WebSocket with `Provider.webSocket(_:)`, offering the subprotocols `protocols` in
    /// `Sec-WebSocket-Protocol` (none when empty), most preferred first. The target's URL may be
    /// `ws://`, `wss://`, `http://` or `https://`; its method is `GET`.
    ///
    /// Sent with `request(_:)` or `stream(_:)`, such a target fails with a ``WebSocketError/wrongTask(_:)``
    /// before anything is sent.
    case webSocket(protocols: [String])
}

extension HTTPTask {
    /// The download destination when this task is a download, otherwise `nil`.
    var downloadDestination: DownloadDestination? {
        switch self {
        case .downloadDestination(let destination), .downloadParameters(_, _, let destination): destination
        default: nil
        }
    }

    /// The subprotocols offered when this task opens a WebSocket, otherwise `nil`.
    public var webSocketProtocols: [String]? {
        if case .webSocket(let protocols) = self { return protocols }
        return nil
    }

    /// The multipart body when this task is a multipart upload, otherwise `nil`.
    var multipartFormData: MultipartFormData? {
        switch self {
        case .uploadMultipartFormData(let form), .uploadCompositeMultipartFormData(let form, _): form
        default: nil
        }
    }
}
