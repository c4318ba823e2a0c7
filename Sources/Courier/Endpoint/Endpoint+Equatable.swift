import Foundation

extension Endpoint: Equatable, Hashable {
    /// Two endpoints are equal when they build equal requests (method, URL with query, headers and
    /// body) and upload the same file or multipart parts. Sample responses and download
    /// destinations are closures and are not compared, as in Moya.
    public static func == (lhs: Endpoint, rhs: Endpoint) -> Bool {
        guard lhs.uploadIdentity == rhs.uploadIdentity else { return false }
        switch (try? lhs.urlRequest(), try? rhs.urlRequest()) {
        case (let lhsRequest?, let rhsRequest?):
            return RequestIdentity(lhsRequest) == RequestIdentity(rhsRequest)
        case (nil, nil):
            return lhs.url == rhs.url && lhs.method == rhs.method && lhs.httpHeaderFields == rhs.httpHeaderFields
        default:
            return false
        }
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(uploadIdentity)
        if let request = try? urlRequest() {
            hasher.combine(RequestIdentity(request))
        } else {
            hasher.combine(url)
            hasher.combine(method)
        }
    }

    /// The uploaded file or parts; multipart boundaries are random and not part of the identity.
    private var uploadIdentity: UploadIdentity? {
        switch task {
        case .uploadFile(let url): .file(url)
        case .uploadMultipartFormData(let form), .uploadCompositeMultipartFormData(let form, _): .parts(form.parts)
        default: nil
        }
    }

    private enum UploadIdentity: Hashable {
        case file(URL)
        case parts([MultipartFormBodyPart])
    }
}

/// What makes two requests the same exchange: method, URL, headers (names in any case) and body.
struct RequestIdentity: Hashable, Sendable {
    let method: String
    let url: URL?
    let headers: [String: String]
    let body: Data?

    init(_ request: URLRequest) {
        method = request.httpMethod ?? "GET"
        url = request.url
        var headers: [String: String] = [:]
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            headers[name.lowercased()] = value
        }
        self.headers = headers
        body = request.httpBody
    }
}
