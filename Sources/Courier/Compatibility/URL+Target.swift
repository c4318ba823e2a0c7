import Foundation

extension URL {
    /// The URL of `target`: its `baseURL` with its `path` appended, the same URL the provider's
    /// default endpoint mapping builds (see ``TargetType/path``), for custom endpoint closures:
    ///
    /// ```swift
    /// Endpoint(url: URL(target: target).absoluteString, sampleResponseClosure: { .networkResponse(200, target.sampleData) },
    ///          method: target.method, task: target.task, httpHeaderFields: target.headers)
    /// ```
    public init(target: some TargetType) {
        let text = TargetURL.string(
            baseURL: target.baseURL, path: target.path, percentEncoded: target.pathIsPercentEncoded)
        self = URL(string: text) ?? target.baseURL
    }
}
