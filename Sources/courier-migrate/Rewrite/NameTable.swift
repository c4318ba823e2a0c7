/// The names of the guide's table (`MigratingFromMoya.md`): Moya's and Alamofire's names and their
/// Courier counterparts. Every name here is matched as a whole identifier in code, never in a
/// string literal or a comment.
enum NameTable {
    /// Moya names written without a module, and their Courier names. `Task` has its own rule
    /// (``TaskRule``): Swift Concurrency's `Task` must keep its name.
    static let renamedTypes: [String: String] = [
        "MoyaProvider": "Provider",
        "MoyaProviderType": "ProviderType",
        "MoyaError": "CourierError",
        "Method": "HTTPMethod",
        "MultipartFormData": "MultipartFormBodyPart",
    ]

    /// Two-part names (`Outer.Inner`) that become one Courier name.
    static let renamedNestedTypes: [String: [String: String]] = [
        "MultipartFormData": ["FormDataProvider": "FormDataProvider"],
        "DownloadRequest": ["Options": "DownloadOptions", "Destination": "DownloadDestination"],
    ]

    /// Members renamed wherever they follow a `.`: the multipart cases of Moya's `Task`.
    static let renamedMembers: [String: String] = [
        "uploadMultipart": "uploadMultipartFormData",
        "uploadCompositeMultipart": "uploadCompositeMultipartFormData",
    ]

    /// The cases of Moya's `Task`: `Task.requestPlain` is Moya's type, `Task.sleep` is Swift's.
    static let taskCases: Set<String> = [
        "requestPlain", "requestData", "requestJSONEncodable", "requestCustomJSONEncodable",
        "requestParameters", "requestCompositeData", "requestCompositeParameters", "uploadFile",
        "uploadMultipart", "uploadCompositeMultipart", "downloadDestination", "downloadParameters",
    ]

    /// Moya's plugin names, which live in the `CourierPlugins` library.
    static let pluginNames: Set<String> = [
        "NetworkLoggerPlugin", "AccessTokenPlugin", "AccessTokenAuthorizable", "AuthorizationType",
        "CredentialsPlugin", "NetworkActivityPlugin", "NetworkActivityChangeType",
    ]

    /// Moya names that Courier's core module has under the same name.
    static let sameNameInCourier: Set<String> = [
        "TargetType", "Endpoint", "EndpointSampleResponse", "StubBehavior", "ValidationType", "MultiTarget",
        "Response", "Cancellable", "PluginType", "RequestType", "Completion", "ProgressBlock",
        "ProgressResponse", "ParameterEncoding", "URLEncoding", "JSONEncoding", "DownloadDestination",
        "HTTPMethod",
    ]

    /// Alamofire names written as `Alamofire.X` that Courier has under the same name.
    static let alamofireNamesInCourier: Set<String> = [
        "HTTPMethod", "ParameterEncoding", "URLEncoding", "JSONEncoding",
    ]

    /// The Courier name for `Moya.name`, module included (`Courier.HTTPTask`), or `nil` when
    /// Courier has no counterpart.
    static func qualifiedCourierName(forMoya name: String) -> String? {
        if name == "Task" { return "Courier.HTTPTask" }
        if let renamed = renamedTypes[name] { return "Courier." + renamed }
        if sameNameInCourier.contains(name) { return "Courier." + name }
        if pluginNames.contains(name) { return "CourierPlugins." + name }
        return nil
    }

    /// Names that show a file is Moya code even when it imports no Moya module (an
    /// `@_exported import Moya` elsewhere in the app makes them visible).
    static let moyaSignals: Set<String> = [
        "MoyaProvider", "MoyaProviderType", "MoyaError", "TargetType", "PluginType", "EndpointSampleResponse",
        "StubBehavior", "MultiTarget", "AccessTokenAuthorizable", "NetworkLoggerPlugin", "AccessTokenPlugin",
    ]
}
