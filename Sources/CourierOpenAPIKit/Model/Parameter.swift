import Foundation

/// Where a parameter goes.
package enum ParameterLocation: String, Hashable, Sendable {
    case path, query, header, cookie
}

/// An operation's parameter, its `$ref` followed.
package struct Parameter: Hashable, Sendable {
    /// The name, as sent.
    package var name: String
    /// Where it goes.
    package var location: ParameterLocation
    /// Whether the operation needs it (path parameters always do).
    package var isRequired: Bool
    /// `style`, or the location's default: `simple` for path and header, `form` for query and cookie.
    package var style: String
    /// `explode`, or its default: true for `form`, false otherwise.
    package var explode: Bool
    /// `allowReserved` (query only).
    package var allowReserved: Bool
    /// The schema, when the parameter has one.
    package var schema: Located?
    /// The media type and schema of a parameter given by `content`.
    package var content: MediaType?
    /// The description.
    package var description: String?
    /// The parameter's example (`example`, or the first of `examples`).
    package var example: DocumentValue?
    /// Where it is.
    package var pointer: String

    /// The parameter at `located`, or `nil` (and a warning) when it cannot be read.
    static func read(_ located: Located, _ resolver: ReferenceResolver, _ diagnostics: inout Diagnostics) -> Parameter?
    {
        guard let parameter = resolver.resolve(located.value, at: located.pointer, &diagnostics) else { return nil }
        let value = parameter.value
        guard let name = value["name"]?.string, let location = ParameterLocation(rawValue: value["in"]?.string ?? "")
        else {
            diagnostics.warn(
                "a parameter needs `name` and `in` (path, query, header or cookie); it is left out",
                at: parameter.pointer)
            return nil
        }
        let style = value["style"]?.string ?? (location == .path || location == .header ? "simple" : "form")
        return Parameter(
            name: name, location: location,
            isRequired: location == .path || value["required"]?.bool == true,
            style: style, explode: value["explode"]?.bool ?? (style == "form"),
            allowReserved: value["allowReserved"]?.bool ?? false,
            schema: parameter.member("schema"),
            content: parameter.member("content")?.members.first.map {
                MediaType.read($0.key, $0.value, resolver, &diagnostics)
            },
            description: value["description"]?.string,
            example: Example.first(of: parameter, resolver, &diagnostics),
            pointer: parameter.pointer)
    }
}

/// A media type of a request body, a response or a `content` parameter.
package struct MediaType: Hashable, Sendable {
    /// The media type, e.g. `application/json`, lowercased, without parameters.
    package var name: String
    /// The schema.
    package var schema: Located?
    /// The example (`example`, the first of `examples`).
    package var example: DocumentValue?
    /// `encoding`, by property name.
    package var encoding: [String: PropertyEncoding]
    /// Where it is.
    package var pointer: String

    static func read(
        _ name: String, _ located: Located, _ resolver: ReferenceResolver, _ diagnostics: inout Diagnostics
    )
        -> MediaType
    {
        var encoding: [String: PropertyEncoding] = [:]
        for (property, value) in located.member("encoding")?.members ?? [] {
            let style = value.value["style"]?.string
            encoding[property] = PropertyEncoding(
                contentType: value.value["contentType"]?.string, style: style,
                explode: value.value["explode"]?.bool ?? ((style ?? "form") == "form"))
        }
        let mediaName =
            name.split(separator: ";").first.map { String($0).trimmingCharacters(in: .whitespaces).lowercased() }
            ?? name
        return MediaType(
            name: mediaName, schema: located.member("schema"),
            example: Example.first(of: located, resolver, &diagnostics), encoding: encoding, pointer: located.pointer)
    }

    /// Whether this is JSON: `application/json`, `*/*+json`, `application/*json*`.
    package var isJSON: Bool {
        name == "application/json" || name.hasSuffix("+json")
            || (name.hasPrefix("application/") && name.contains("json"))
            || name == "*/*"
    }
}

/// How one property of a form or multipart body is sent.
package struct PropertyEncoding: Hashable, Sendable {
    /// `contentType`.
    package var contentType: String?
    /// `style`.
    package var style: String?
    /// `explode`, or its default.
    package var explode: Bool
}

/// Examples: `example`, or the first of `examples` (its `value`).
enum Example {
    static func first(of located: Located, _ resolver: ReferenceResolver, _ diagnostics: inout Diagnostics)
        -> DocumentValue?
    {
        if let example = located.value["example"] { return example }
        guard let examples = located.member("examples") else { return nil }
        for (_, example) in examples.members {
            if let resolved = resolver.resolve(example.value, at: example.pointer, &diagnostics),
                let value = resolved.value["value"]
            {
                return value
            }
        }
        return nil
    }
}
