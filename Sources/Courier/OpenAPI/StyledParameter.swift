import Foundation

/// A query parameter or form-body value written in one of OpenAPI's styles, for the values Moya's
/// bracketed form cannot express: lists joined by a delimiter, objects whose members become
/// parameters of their own, and Stripe's nested form bodies.
///
/// Put one in a task's parameters, under the parameter's name; ``URLEncoding`` writes it in its
/// style, whatever the encoding's own array and Bool settings:
///
/// ```swift
/// .requestParameters(
///     parameters: ["ids": StyledParameter([3, 4, 5], style: .commaDelimited)],   // ids=3,4,5
///     encoding: URLEncoding.queryString)
/// ```
///
/// The value is first encoded as JSON (dates as ISO 8601), so any `Encodable` model works; strings
/// are sent as they are, numbers as JSON writes them, Bools as `true` and `false`, `null` members
/// are left out. Keys and values are escaped as ``URLEncoding`` escapes them; the delimiters are not.
public struct StyledParameter: Sendable {
    /// How a list or an object is written under the parameter's name `id`.
    public enum Style: Sendable, Hashable {
        /// A list as the name repeated, `id=3&id=4`; an object's members as parameters of their own,
        /// `role=admin&first=Alex`, and objects inside them in brackets (`metadata[plan]=pro`). OpenAPI's
        /// `form` with `explode: true`, and the default.
        case form
        /// `id=3,4`; an object as `id=role,admin,first,Alex`. OpenAPI's `form` with `explode: false`.
        case commaDelimited
        /// `id=3%204`. OpenAPI's `spaceDelimited`.
        case spaceDelimited
        /// `id=3%7C4` (a `|`, escaped). OpenAPI's `pipeDelimited`.
        case pipeDelimited
        /// `id[role]=admin`, nested objects and lists in more brackets, `items[0][price]=5`. OpenAPI's
        /// `deepObject`, and how Stripe's form bodies nest.
        case deepObject
    }

    /// How the value is written.
    public let style: Style
    /// For a `.form` object, the style of some of its members, by name (the others are `.form`).
    public let memberStyles: [String: Style]
    private let encode: @Sendable () throws -> JSONValue

    /// A value written in `style`.
    /// - Parameters:
    ///   - value: The value: a string, number or Bool, a list, a dictionary or any `Encodable` model.
    ///   - style: How a list or an object is written. `.form` by default.
    ///   - memberStyles: For an object written `.form`, the style of some of its members (OpenAPI's
    ///     `encoding` of a form body). None by default.
    public init(_ value: some Encodable & Sendable, style: Style = .form, memberStyles: [String: Style] = [:]) {
        self.style = style
        self.memberStyles = memberStyles
        encode = { try StyledParameter.jsonValue(of: value) }
    }

    /// The value as JSON.
    func jsonValue() throws -> JSONValue {
        try encode()
    }

    private static func jsonValue(of value: some Encodable) throws -> JSONValue {
        if let json = value as? JSONValue { return json }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try JSONDecoder().decode(JSONValue.self, from: encoder.encode(value))
    }
}
