import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request's header fields by lowercased name, read once. A lookup asks for a dozen fields
/// (conditionals, `Cache-Control`, `Pragma`, credentials, `Vary`'s names), and each
/// `URLRequest.value(forHTTPHeaderField:)` searches every field again.
struct RequestFields: Sendable {
    private let values: [String: String]

    /// The fields of `request`.
    init(_ request: URLRequest) {
        guard let fields = request.allHTTPHeaderFields, !fields.isEmpty else {
            values = [:]
            return
        }
        var values = [String: String](minimumCapacity: fields.count)
        for (name, value) in fields { values[name.lowercased()] = value }
        self.values = values
    }

    /// The value of the field named `name`, which must be lowercase.
    subscript(_ name: String) -> String? { values.isEmpty ? nil : values[name] }
}
