import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every place a request header can come from, for tests that must cover them all.
public enum HeaderSource: String, CaseIterable, Sendable {
    /// `TargetType.headers`.
    case target
    /// `Endpoint.adding(newHTTPHeaderFields:)` in an `endpointClosure`.
    case endpoint
    /// A header added to the `URLRequest` in a `requestClosure`.
    case requestClosure
    /// A plugin's `prepare`.
    case pluginPrepare
    /// A plugin's `adapt`.
    case pluginAdapt
    /// The transport's session headers (`URLSessionConfiguration.httpAdditionalHeaders`).
    case sessionDefaults

    /// A provider that sends `target` with header `name: value` set from this source (and the
    /// target's own headers), over a new `URLSessionTransport` (session headers only for
    /// ``sessionDefaults``), or stubbed when `stubbed` is true.
    public func provider(name: String, value: String, stubbed: Bool = false) -> Provider<HTTPBinTarget> {
        let header = [name: value]
        let configuration = URLSessionTransport.defaultConfiguration()
        if self == .sessionDefaults {
            var session = configuration.httpAdditionalHeaders ?? [:]
            session[name] = value
            configuration.httpAdditionalHeaders = session
        }
        return Provider<HTTPBinTarget>(
            endpointClosure: { target in
                let endpoint = Provider.defaultEndpointMapping(for: target)
                return self == .endpoint ? endpoint.adding(newHTTPHeaderFields: header) : endpoint
            },
            requestClosure: { endpoint, done in
                do {
                    var request = try endpoint.urlRequest()
                    if self == .requestClosure { request.addingHeader(name, value) }
                    done(.success(request))
                } catch {
                    done(.failure(CourierError.wrapping(error)))
                }
            },
            stubClosure: { _ in stubbed ? .immediate : .never },
            transport: URLSessionTransport(configuration: configuration),
            plugins: [HeaderPlugin(source: self, name: name, value: value)])
    }

    /// A target for `baseURL` that carries the header when the source is ``target``, with a
    /// 10-second timeout, so that a request the server waits on cannot hang a test for long.
    public func target(
        _ baseURL: URL, name: String, value: String, method: HTTPMethod = .get,
        task: HTTPTask = .requestPlain
    ) -> HTTPBinTarget {
        HTTPBinTarget(
            baseURL, "/echo", method: method, task: task, headers: self == .target ? [name: value] : nil,
            timeoutInterval: 10)
    }
}

/// Sets a header in `prepare` or `adapt`, as its source says.
private struct HeaderPlugin: PluginType {
    let source: HeaderSource
    let name: String
    let value: String

    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        guard source == .pluginPrepare else { return request }
        var request = request
        request.addingHeader(name, value)
        return request
    }

    func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        guard source == .pluginAdapt else { return request }
        var request = request
        request.addingHeader(name, value)
        return request
    }
}

extension URLRequest {
    /// Adds a header through `allHTTPHeaderFields`, which keeps any value: FoundationNetworking's
    /// `setValue(_:forHTTPHeaderField:)` drops a value holding CR, LF or NUL without a word, which
    /// would hide from the tests what a plugin assigning the dictionary can send.
    fileprivate mutating func addingHeader(_ name: String, _ value: String) {
        var headers = allHTTPHeaderFields ?? [:]
        headers[name] = value
        allHTTPHeaderFields = headers
    }
}
