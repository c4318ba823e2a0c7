import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Endpoint {
    /// The `URLRequest` this endpoint describes: URL, method, headers, and the task's parameters
    /// and body. Upload and download bodies are attached when the request is sent, not here.
    ///
    /// This is where the task's parameters and `Encodable` body are read (see ``HTTPTask``): call it
    /// where the code that made the target runs, as the provider does.
    /// - Throws: ``CourierError/requestMapping(_:)`` for a URL that does not parse or whose path
    ///   has a `.` or `..` segment, or for an HTTP(S) URL without a host; ``CourierError/parameterEncoding(_:)`` when an encoding fails
    ///   or parameters nest deeper than ``HTTPTask/maximumNestingDepth``;
    ///   ``CourierError/encodableMapping(_:)`` when an `Encodable` body fails to encode or nests
    ///   deeper than that.
    public func urlRequest() throws(CourierError) -> URLRequest {
        guard let requestURL = Self.absoluteURL(url), Self.namesAHost(url) || !TransportURL.namesNoHost(requestURL),
            DotSegments.first(in: url) == nil
        else {
            throw .requestMapping(url)
        }
        var request = URLRequest(url: requestURL)
        // Each setter costs: Foundation normalises the method and validates every header. A new
        // request is already a `GET` with no headers (`nil`), so those values need no setting.
        if method != .get { request.httpMethod = method.rawValue }
        if let httpHeaderFields { request.allHTTPHeaderFields = httpHeaderFields }

        switch task {
        case .requestPlain, .uploadFile, .uploadMultipartFormData, .downloadDestination:
            return request
        case .requestData(let data):
            request.httpBody = data
            return request
        case .requestJSONEncodable(let encodable):
            return try Self.encoding(into: request) { try JSONBodyEncoder.sortedKeys(encodable) }
        case .requestCustomJSONEncodable(let encodable, let encoder):
            return try Self.encoding(into: request) { try JSONBodyEncoder.encode(encodable, with: encoder) }
        case .requestParameters(let parameters, let encoding), .downloadParameters(let parameters, let encoding, _):
            return try Self.encoding(parameters, with: encoding, into: request)
        case .requestCompositeData(let bodyData, let urlParameters):
            request.httpBody = bodyData
            return try Self.encoding(urlParameters, with: URLEncoding.queryString, into: request)
        case .requestCompositeParameters(let bodyParameters, let bodyEncoding, let urlParameters):
            if let urlEncoding = bodyEncoding as? URLEncoding, urlEncoding.destination != .httpBody {
                throw .parameterEncoding(
                    ParameterEncodingError.bodyEncodingWithoutBody(
                        "URLEncoding with destination .\(urlEncoding.destination)"))
            }
            let withBody = try Self.encoding(bodyParameters, with: bodyEncoding, into: request)
            return try Self.encoding(urlParameters, with: URLEncoding.queryString, into: withBody)
        case .uploadCompositeMultipartFormData(_, let urlParameters):
            return try Self.encoding(urlParameters, with: URLEncoding.queryString, into: request)
        case .webSocket(let protocols):
            if !protocols.isEmpty, request.value(forHTTPHeaderField: "Sec-WebSocket-Protocol") == nil {
                request.setValue(protocols.joined(separator: ", "), forHTTPHeaderField: "Sec-WebSocket-Protocol")
            }
            return request
        }
    }

    /// `text` as an absolute URL, or `nil`. (Foundation now percent-encodes stray characters such as
    /// spaces instead of rejecting them, so a relative result is what marks text that is no URL.)
    static func absoluteURL(_ text: String) -> URL? {
        guard let url = URL(string: text), url.scheme != nil else { return nil }
        return url
    }

    /// Whether `text` plainly starts with an HTTP(S) scheme and a host: `https://` then an
    /// authority that is not empty, has no user part and does not start with a port. The URLs
    /// targets make look like that, and reading their bytes costs less than asking `URL` for its
    /// host on every request; any other text is checked with `TransportURL.namesNoHost(_:)`.
    private static func namesAHost(_ text: String) -> Bool {
        // A native string's bytes through a pointer: iterating the UTF-8 view costs several times more.
        if let answer = text.utf8.withContiguousStorageIfAvailable({ namesAHost($0.makeIterator()) }) {
            return answer
        }
        return namesAHost(text.utf8.makeIterator())
    }

    private static func namesAHost<Bytes: IteratorProtocol<UInt8>>(_ iterator: Bytes) -> Bool {
        var bytes = iterator
        for expected in "http".utf8 {
            guard let byte = bytes.next(), byte | 0x20 == expected else { return false }
        }
        var next = bytes.next()
        if let byte = next, byte | 0x20 == UInt8(ascii: "s") { next = bytes.next() }
        guard next == UInt8(ascii: ":"), bytes.next() == UInt8(ascii: "/"), bytes.next() == UInt8(ascii: "/") else {
            return false
        }
        var length = 0
        while let byte = bytes.next(), byte != UInt8(ascii: "/"), byte != UInt8(ascii: "?"), byte != UInt8(ascii: "#") {
            if byte == UInt8(ascii: "@") || (length == 0 && byte == UInt8(ascii: ":")) { return false }
            length += 1
        }
        return length > 0
    }

    /// Why ``urlRequest()`` refuses `url` with ``CourierError/requestMapping(_:)``, as a sentence
    /// starting with a space, or an empty string when it does not.
    static func requestMappingProblem(_ url: String) -> String {
        guard let parsed = absoluteURL(url) else {
            return " \"\(url)\" is not a valid URL; check the target's baseURL and path."
        }
        if TransportURL.namesNoHost(parsed) {
            return " \"\(url)\" has no host, so it names no server; check the target's baseURL "
                + "(a base URL built from an empty host name looks like \"https://\")."
        }
        if let segment = DotSegments.first(in: url) {
            return " The path has a \"\(segment)\" segment, which servers resolve to another path; "
                + "Courier sends no URL with one. Check the values interpolated into the target's path."
        }
        return ""
    }

    /// `request` with `parameters` placed by `encoding`. The parameters are the task's, read here
    /// on the caller's isolation and copied into `Sendable` values (a ``RequestParameters``), which
    /// is what the encoding receives.
    private static func encoding(
        _ parameters: [String: Any], with encoding: any ParameterEncoding, into request: URLRequest
    ) throws(CourierError) -> URLRequest {
        do {
            return try encoding.encode(request, with: try RequestParameters(parameters).checked())
        } catch let error as CourierError {
            throw error
        } catch {
            throw .parameterEncoding(error)
        }
    }

    /// `request` with the JSON body `encode` writes (keys sorted for `.requestJSONEncodable`, because
    /// on Linux a struct's keys come out in a different order in every process, and equal bodies must
    /// be equal bytes for `trackInflights`, recordings and caches).
    private static func encoding(into request: URLRequest, _ encode: () throws -> Data) throws(CourierError)
        -> URLRequest
    {
        var request = request
        do {
            request.httpBody = try encode()
        } catch {
            throw .encodableMapping(error)
        }
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}
