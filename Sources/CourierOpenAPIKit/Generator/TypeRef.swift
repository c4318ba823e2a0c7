/// A Swift type the generator refers to.
package indirect enum TypeRef: Hashable, Sendable {
    case string
    case int
    case double
    case bool
    /// `Date`, read and written through the API's decoder and encoder (`date-time`).
    case date
    /// `Date` for a `format: date` value (`2024-05-01`).
    case day
    case uuid
    /// `Data` written as base64 in JSON (`format: byte`, or `binary` inside JSON).
    case data
    /// Courier's `JSONValue`: any JSON, for what the generator cannot express.
    case json
    /// A declared type, by its Swift name.
    case named(String)
    case array(TypeRef)
    /// `[String: T]`.
    case dictionary(TypeRef)

    /// The type as Swift writes it.
    package var swift: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .date, .day: "Date"
        case .uuid: "UUID"
        case .data: "Data"
        case .json: "JSONValue"
        case .named(let name): name
        case .array(let element): "[\(element.swift)]"
        case .dictionary(let value): "[String: \(value.swift)]"
        }
    }

    /// Whether the type is a single value a parameter writes as text (not an array, dictionary or model).
    package var isScalar: Bool {
        switch self {
        case .string, .int, .double, .bool, .date, .day, .uuid: true
        default: false
        }
    }
}

/// A type the generator declares.
package enum TypeDecl: Sendable {
    case structure(StructDecl)
    case stringEnum(StringEnumDecl)
    case oneOf(OneOfDecl)
    /// `typealias name = type`.
    case alias(name: String, type: TypeRef, doc: String?, schema: Located)

    /// The declared name.
    package var name: String {
        switch self {
        case .structure(let decl): decl.name
        case .stringEnum(let decl): decl.name
        case .oneOf(let decl): decl.name
        case .alias(let name, _, _, _): name
        }
    }
}

/// A struct of an object schema.
package struct StructDecl: Sendable {
    /// One stored property.
    package struct Property: Sendable {
        /// The Swift name.
        package var name: String
        /// The JSON key.
        package var key: String
        /// The type, without the optional.
        package var type: TypeRef
        /// Whether it is `Optional` (not required, or nullable).
        package var isOptional: Bool
        /// Whether the document requires it (a required nullable property is optional but required).
        package var isRequired: Bool
        /// The doc comment.
        package var doc: String?
        /// The property's schema, for examples and samples.
        package var schema: Located?
    }

    package var name: String
    package var doc: String?
    package var properties: [Property]
    /// The type of the other members (`additionalProperties`), when the object has declared properties too.
    package var additional: TypeRef?
    /// The schema.
    package var schema: Located
}

/// A string enum that keeps values it does not know.
package struct StringEnumDecl: Sendable {
    package var name: String
    package var doc: String?
    /// The cases: Swift name and raw value.
    package var cases: [(name: String, value: String)]
    package var schema: Located
}

/// An enum of a `oneOf`/`anyOf`: one case per alternative.
package struct OneOfDecl: Sendable {
    package var name: String
    package var doc: String?
    /// The cases: Swift name and the alternative's type.
    package var cases: [(name: String, type: TypeRef)]
    /// The discriminator property and which value picks which case (by index).
    package var discriminator: (property: String, values: [(value: String, caseIndex: Int)])?
    package var schema: Located
}
