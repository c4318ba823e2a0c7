import Foundation

// The task cases take Moya's `[String: Any]` and `MultipartFormData`; these functions, named like
// the cases, take what Courier code may pass instead: a `RequestParameters` (the `Sendable` copy,
// which Swift 6 code built before the cases took `[String: Any]`), alone or mixed with a
// dictionary, and the array of parts Moya code passes. They are disfavoured so that a literal or a
// dictionary builds the case itself, and they build the same case, so `switch` and `if case` see
// no difference. A `[String: any Sendable]` needs none: it converts to `[String: Any]`.
extension HTTPTask {
    /// ``requestParameters(parameters:encoding:)-enum.case`` from a ``RequestParameters``.
    @_disfavoredOverload
    public static func requestParameters(parameters: RequestParameters, encoding: any ParameterEncoding) -> HTTPTask {
        .requestParameters(parameters: parameters.taskParameters, encoding: encoding)
    }

    /// ``requestCompositeData(bodyData:urlParameters:)-enum.case`` from a ``RequestParameters``.
    @_disfavoredOverload
    public static func requestCompositeData(bodyData: Data, urlParameters: RequestParameters) -> HTTPTask {
        .requestCompositeData(bodyData: bodyData, urlParameters: urlParameters.taskParameters)
    }

    /// ``requestCompositeParameters(bodyParameters:bodyEncoding:urlParameters:)-enum.case`` from two
    /// ``RequestParameters``.
    @_disfavoredOverload
    public static func requestCompositeParameters(
        bodyParameters: RequestParameters, bodyEncoding: any ParameterEncoding, urlParameters: RequestParameters
    ) -> HTTPTask {
        .requestCompositeParameters(
            bodyParameters: bodyParameters.taskParameters, bodyEncoding: bodyEncoding,
            urlParameters: urlParameters.taskParameters)
    }

    /// ``requestCompositeParameters(bodyParameters:bodyEncoding:urlParameters:)-enum.case`` from a
    /// ``RequestParameters`` and a dictionary of any values.
    @_disfavoredOverload
    public static func requestCompositeParameters(
        bodyParameters: RequestParameters, bodyEncoding: any ParameterEncoding, urlParameters: [String: Any]
    ) -> HTTPTask {
        .requestCompositeParameters(
            bodyParameters: bodyParameters.taskParameters, bodyEncoding: bodyEncoding, urlParameters: urlParameters)
    }

    /// ``requestCompositeParameters(bodyParameters:bodyEncoding:urlParameters:)-enum.case`` from a
    /// dictionary of any values and a ``RequestParameters``.
    @_disfavoredOverload
    public static func requestCompositeParameters(
        bodyParameters: [String: Any], bodyEncoding: any ParameterEncoding, urlParameters: RequestParameters
    ) -> HTTPTask {
        .requestCompositeParameters(
            bodyParameters: bodyParameters, bodyEncoding: bodyEncoding, urlParameters: urlParameters.taskParameters)
    }

    /// ``uploadMultipartFormData(_:)-enum.case`` from an array of parts, Moya's `[MultipartFormData]`.
    @_disfavoredOverload
    public static func uploadMultipartFormData(_ parts: [MultipartFormBodyPart]) -> HTTPTask {
        .uploadMultipartFormData(MultipartFormData(parts: parts))
    }

    /// ``uploadCompositeMultipartFormData(_:urlParameters:)-enum.case`` from an array of parts.
    @_disfavoredOverload
    public static func uploadCompositeMultipartFormData(_ parts: [MultipartFormBodyPart], urlParameters: [String: Any])
        -> HTTPTask
    {
        .uploadCompositeMultipartFormData(MultipartFormData(parts: parts), urlParameters: urlParameters)
    }

    /// ``uploadCompositeMultipartFormData(_:urlParameters:)-enum.case`` from a ``RequestParameters``.
    @_disfavoredOverload
    public static func uploadCompositeMultipartFormData(_ form: MultipartFormData, urlParameters: RequestParameters)
        -> HTTPTask
    {
        .uploadCompositeMultipartFormData(form, urlParameters: urlParameters.taskParameters)
    }

    /// ``uploadCompositeMultipartFormData(_:urlParameters:)-enum.case`` from an array of parts and a
    /// ``RequestParameters``.
    @_disfavoredOverload
    public static func uploadCompositeMultipartFormData(
        _ parts: [MultipartFormBodyPart], urlParameters: RequestParameters
    ) -> HTTPTask {
        .uploadCompositeMultipartFormData(MultipartFormData(parts: parts), urlParameters: urlParameters.taskParameters)
    }

    /// ``downloadParameters(parameters:encoding:destination:)-enum.case`` from a ``RequestParameters``.
    @_disfavoredOverload
    public static func downloadParameters(
        parameters: RequestParameters, encoding: any ParameterEncoding, destination: @escaping DownloadDestination
    ) -> HTTPTask {
        .downloadParameters(parameters: parameters.taskParameters, encoding: encoding, destination: destination)
    }
}
