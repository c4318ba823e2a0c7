import Foundation

// The task cases take `RequestParameters` and `MultipartFormData`; these functions, named like
// the cases, take the dictionaries and arrays that Moya code passes instead, so that
// `.requestParameters(parameters: helperParameters, encoding: …)` with a `[String: Any]` (or a
// `[String: any Sendable]`, which converts to it) compiles in Swift 6 mode. They are disfavoured so
// that a literal builds the case itself, and they build the same case, so `switch` and `if case`
// see no difference. There is deliberately no `[String: any Sendable]` overload: Swift checks
// `Sendable` after choosing an overload, so a literal holding `x as Any` would pick it and fail.
extension HTTPTask {
    /// ``requestParameters(parameters:encoding:)-enum.case`` from a dictionary of any values.
    @_disfavoredOverload
    public static func requestParameters(parameters: [String: Any], encoding: any ParameterEncoding) -> HTTPTask {
        .requestParameters(parameters: RequestParameters(parameters), encoding: encoding)
    }

    /// ``requestCompositeData(bodyData:urlParameters:)-enum.case`` from a dictionary of any values.
    @_disfavoredOverload
    public static func requestCompositeData(bodyData: Data, urlParameters: [String: Any]) -> HTTPTask {
        .requestCompositeData(bodyData: bodyData, urlParameters: RequestParameters(urlParameters))
    }

    /// ``requestCompositeParameters(bodyParameters:bodyEncoding:urlParameters:)-enum.case`` from
    /// dictionaries of any values.
    @_disfavoredOverload
    public static func requestCompositeParameters(
        bodyParameters: [String: Any], bodyEncoding: any ParameterEncoding, urlParameters: [String: Any]
    ) -> HTTPTask {
        .requestCompositeParameters(
            bodyParameters: RequestParameters(bodyParameters), bodyEncoding: bodyEncoding,
            urlParameters: RequestParameters(urlParameters))
    }

    /// ``requestCompositeParameters(bodyParameters:bodyEncoding:urlParameters:)-enum.case`` from
    /// parameters taken out of another task and a dictionary of any values, as an endpoint closure
    /// that moves a body's parameters next to an API key writes it.
    @_disfavoredOverload
    public static func requestCompositeParameters(
        bodyParameters: RequestParameters, bodyEncoding: any ParameterEncoding, urlParameters: [String: Any]
    ) -> HTTPTask {
        .requestCompositeParameters(
            bodyParameters: bodyParameters, bodyEncoding: bodyEncoding, urlParameters: RequestParameters(urlParameters))
    }

    /// ``requestCompositeParameters(bodyParameters:bodyEncoding:urlParameters:)-enum.case`` from a
    /// dictionary of any values and parameters taken out of another task.
    @_disfavoredOverload
    public static func requestCompositeParameters(
        bodyParameters: [String: Any], bodyEncoding: any ParameterEncoding, urlParameters: RequestParameters
    ) -> HTTPTask {
        .requestCompositeParameters(
            bodyParameters: RequestParameters(bodyParameters), bodyEncoding: bodyEncoding, urlParameters: urlParameters)
    }

    /// ``uploadMultipartFormData(_:)-enum.case`` from an array of parts, Moya's `[MultipartFormData]`.
    @_disfavoredOverload
    public static func uploadMultipartFormData(_ parts: [MultipartFormBodyPart]) -> HTTPTask {
        .uploadMultipartFormData(MultipartFormData(parts: parts))
    }

    /// ``uploadCompositeMultipartFormData(_:urlParameters:)-enum.case`` from an array of parts.
    @_disfavoredOverload
    public static func uploadCompositeMultipartFormData(
        _ parts: [MultipartFormBodyPart], urlParameters: RequestParameters
    ) -> HTTPTask {
        .uploadCompositeMultipartFormData(MultipartFormData(parts: parts), urlParameters: urlParameters)
    }

    /// ``uploadCompositeMultipartFormData(_:urlParameters:)-enum.case`` from parameters of any values.
    @_disfavoredOverload
    public static func uploadCompositeMultipartFormData(_ form: MultipartFormData, urlParameters: [String: Any])
        -> HTTPTask
    {
        .uploadCompositeMultipartFormData(form, urlParameters: RequestParameters(urlParameters))
    }

    /// ``uploadCompositeMultipartFormData(_:urlParameters:)-enum.case`` from an array of parts and
    /// parameters of any values.
    @_disfavoredOverload
    public static func uploadCompositeMultipartFormData(_ parts: [MultipartFormBodyPart], urlParameters: [String: Any])
        -> HTTPTask
    {
        .uploadCompositeMultipartFormData(
            MultipartFormData(parts: parts), urlParameters: RequestParameters(urlParameters))
    }

    /// ``downloadParameters(parameters:encoding:destination:)-enum.case`` from a dictionary of any values.
    @_disfavoredOverload
    public static func downloadParameters(
        parameters: [String: Any], encoding: any ParameterEncoding, destination: @escaping DownloadDestination
    ) -> HTTPTask {
        .downloadParameters(parameters: RequestParameters(parameters), encoding: encoding, destination: destination)
    }
}
