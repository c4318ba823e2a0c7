import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request's header fields by lowercased name, read once. A lookup asks for a dozen fields
/// (conditionals, `Cache-Control`, `Pragma`, credentials, `Vary`'s names), and each
/// `URLRequest.value(forHTTPHeaderField:)` searches every field again.
struct RequestFields: Sendable {
    private let values: [String: String]
    /// The user info of the request's URL (`user:password`), which the transports send as Basic
    /// credentials; `nil` when the URL has none. A credential, kept in memory only.
    let userInfo: String?

    /// The fields of `request`.
    init(_ request: URLRequest) {
        userInfo = request.url.flatMap(Self.userInfo(of:))
        guard let fields = request.allHTTPHeaderFields, !fields.isEmpty else {
            values = [:]
            return
        }
        var values = [String: String](minimumCapacity: fields.count)
        for (name, value) in fields { values[name.lowercased()] = value }
        self.values = values
    }

    /// `user:password` from `url`, or `nil` when it names neither.
    static func userInfo(of url: URL) -> String? {
        let user = url.user
        let password = url.password
        guard user != nil || password != nil else { return nil }
        return (user ?? "") + ":" + (password ?? "")
    }

    /// The value of the field named `name`, which must be lowercase.
    subscript(_ name: String) -> String? { values.isEmpty ? nil : values[name] }
}
