import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequest {
    /// The request's method as an ``HTTPMethod``, as Alamofire offers it: `httpMethod` read and
    /// written through the type. Setting `nil` sets `httpMethod` to `nil`, which means `GET`.
    ///
    /// ```swift
    /// if request.method == .post { … }
    /// ```
    public var method: HTTPMethod? {
        get { httpMethod.map(HTTPMethod.init(rawValue:)) }
        set { httpMethod = newValue?.rawValue }
    }
}
