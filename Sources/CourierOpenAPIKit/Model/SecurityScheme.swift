/// A security scheme of `components/securitySchemes`, as the generator sends it.
package struct SecurityScheme: Hashable, Sendable {
    /// How a request carries the credential.
    package enum Kind: Hashable, Sendable {
        /// `Authorization: Bearer …` (http bearer, OAuth 2, OpenID Connect).
        case bearer
        /// `Authorization: Basic …`.
        case basic
        /// Another http scheme: `Authorization: <scheme> …`.
        case otherHTTP(String)
        /// An API key in a header, query parameter or cookie.
        case apiKey(name: String, location: ParameterLocation)
        /// Mutual TLS: nothing in the request.
        case mutualTLS
    }

    /// The scheme's name in `components/securitySchemes`.
    package var name: String
    /// How it is sent.
    package var kind: Kind
    /// The scheme's description.
    package var description: String?

    /// The schemes of `components/securitySchemes`, in document order.
    static func schemes(in components: Located?, _ resolver: ReferenceResolver, _ diagnostics: inout Diagnostics)
        -> [SecurityScheme]
    {
        (components?.member("securitySchemes")?.members ?? []).compactMap { name, located in
            guard let scheme = resolver.resolve(located.value, at: located.pointer, &diagnostics) else { return nil }
            let value = scheme.value
            let kind: Kind
            switch value["type"]?.string {
            case "http":
                switch value["scheme"]?.string?.lowercased() {
                case "bearer": kind = .bearer
                case "basic": kind = .basic
                case let other?: kind = .otherHTTP(other)
                case nil: kind = .bearer
                }
            case "oauth2", "openIdConnect": kind = .bearer
            case "mutualTLS": kind = .mutualTLS
            case "apiKey":
                guard let keyName = value["name"]?.string,
                    let location = ParameterLocation(rawValue: value["in"]?.string ?? ""), location != .path
                else {
                    diagnostics.warn(
                        "an apiKey scheme needs `name` and `in` (header, query or cookie); it is ignored",
                        at: scheme.pointer)
                    return nil
                }
                kind = .apiKey(name: keyName, location: location)
            default:
                diagnostics.warn("unknown security scheme type; it is ignored", at: scheme.pointer)
                return nil
            }
            return SecurityScheme(name: name, kind: kind, description: value["description"]?.string)
        }
    }
}
