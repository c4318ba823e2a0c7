import Foundation

/// What a request carries: nothing, a body, parameters, an upload or a download.
///
/// Named `HTTPTask` rather than Moya's `Task` so that it never shadows Swift Concurrency's `Task`.
///
/// Cases that take parameters take ``RequestParameters``: a dictionary literal of any values, a
/// `[String: Any]` or a `[String: any Sendable]`, copied into `Sendable` values when the task is
/// built. Multipart cases take a ``MultipartFormData`` or an array of ``MultipartFormBodyPart``.
///
/// The JSON cases take any `Encodable`, as Moya's do: a target's case may carry a model that is not
/// `Sendable`, or a bare `Encodable`. That value is encoded where the endpoint's `URLRequest` is made
/// (``Endpoint/urlRequest()``, which the provider calls on the caller's isolation), and nowhere
/// else; every other part of a task is `Sendable`.
public enum HTTPTask: @unchecked Sendable {
    // @unchecked Sendable: only the `Encodable` of the two JSON cases may not be Sendable, and
    // Courier reads it in one place, `Endpoint.urlRequest()`, which the provider calls on the
    // isolation of the code that made the target. The rest of the pipeline and the transports
    // read only the Sendable parts (parameters, multipart parts, files, destinations).
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
    case requestParameters(parameters: RequestParameters, encoding: any ParameterEncoding)

    /// A request with a raw body and URL-encoded query parameters.
    case requestCompositeData(bodyData: Data, urlParameters: RequestParameters)

    /// A request with body parameters encoded by `bodyEncoding` and URL-encoded query parameters.
    ///
    /// `bodyEncoding` must put the parameters in the body: a `URLEncoding` whose destination is
    /// not `.httpBody` fails with ``CourierError/parameterEncoding(_:)``.
    case requestCompositeParameters(
        bodyParameters: RequestParameters,
        bodyEncoding: any ParameterEncoding,
        urlParameters: RequestParameters
    )

    /// Uploads the file at `URL` as the body, streamed from disk.
    case uploadFile(URL)

    /// Uploads a `multipart/form-data` body; file parts are streamed from disk.
    case uploadMultipartFormData(MultipartFormData)

    /// Uploads a `multipart/form-data` body with URL-encoded query parameters.
    case uploadCompositeMultipartFormData(MultipartFormData, urlParameters: RequestParameters)

    /// Downloads the body to the file chosen by the destination.
    case downloadDestination(DownloadDestination)

    /// Downloads the body to the file chosen by the destination, with parameters placed by `encoding`.
    case downloadParameters(
        parameters: RequestParameters,
        encoding: any ParameterEncoding,
        destination: DownloadDestination
    )
}

extension HTTPTask {
    /// The download destination when this task is a download, otherwise `nil`.
    public var downloadDestination: DownloadDestination? {
        switch self {
        case .downloadDestination(let destination), .downloadParameters(_, _, let destination): destination
        default: nil
        }
    }

    /// The multipart body when this task is a multipart upload, otherwise `nil`.
    public var multipartFormData: MultipartFormData? {
        switch self {
        case .uploadMultipartFormData(let form), .uploadCompositeMultipartFormData(let form, _): form
        default: nil
        }
    }
}
