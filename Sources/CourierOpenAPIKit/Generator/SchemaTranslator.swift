/// Turns schemas into Swift types: ``TypeRef``s, and the ``TypeDecl``s they name.
///
/// `components/schemas` are named first (UpperCamelCase, in document order), so a reference always
/// finds the same name whatever reaches it first; an inline schema that needs a declaration (an
/// object, a string enum, a `oneOf`) is named after where it is (`Pet` + `owner` → `PetOwner`).
/// What cannot be expressed becomes `JSONValue` with a warning naming the schema's pointer.
package struct SchemaTranslator {
    let document: OpenAPIDocument
    var diagnostics: Diagnostics
    /// The declarations, by name.
    private(set) var declarations: [String: TypeDecl] = [:]
    /// The names, in the order they were declared.
    private(set) var order: [String] = []
    var names: NameScope
    /// `/components/schemas/X` → its Swift name.
    private var componentNames: [String: String] = [:]
    /// The pointer of every schema declared (or being declared) → its name.
    private var declaredAt: [String: String] = [:]
    /// How deep the translation of one schema is.
    private var depth = 0
    /// How deep schemas may nest (through references to schemas that are not components too).
    static let maximumDepth = 200
    /// An inline schema's shape (``shapeKey(_:)``) → the name of the declaration made for it first.
    private var declaredByShape: [DocumentValue: String] = [:]

    /// Names Swift, Foundation, Courier or the generated code use: a schema of that name gets a suffix.
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Data", "Date", "URL", "UUID", "Decimal",
        "Array", "Dictionary", "Set", "Optional", "Result", "Error", "Never", "Void", "Any", "AnyObject", "Type",
        "Self", "Protocol", "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Sendable", "CodingKey",
        "CodingKeys", "Decoder", "Encoder", "DecodingError", "EncodingError", "JSONDecoder", "JSONEncoder",
        "TargetType", "HTTPMethod", "HTTPTask", "TypedTarget", "JSONValue", "ParameterList", "URLEncoding",
        "MultipartFormData", "MultipartFormBodyPart", "AccessTokenAuthorizable", "AuthorizationType", "Foundation",
        "Courier", "CourierPlugins", "Swift", "Character", "Substring", "ValidationType", "Endpoint", "Provider",
        "Response", "PluginType", "URLRequest", "DataDecoder", "Typed", "Indirect", "Samples", "Key",
        "DateCoding", "APIKeys", "APIKeyPlugin", "Unknown", "Value", "Multipart", "PathSegment",
    ]

    /// A translator for `document`; `apiName` is taken too.
    init(document: OpenAPIDocument, apiName: String, diagnostics: Diagnostics) {
        self.document = document
        self.diagnostics = diagnostics
        names = NameScope(reserved: Self.reservedTypeNames.union([apiName]))
        for schema in document.schemaNames {
            let name = typeName(schema, fallback: "Schema")
            componentNames["/components/schemas/" + JSONPointer.escape(schema)] = names.claim(name)
        }
    }

    /// An UpperCamelCase type name made from `text`.
    func typeName(_ text: String, fallback: String) -> String {
        let name = SwiftName.identifier(SwiftName.upperCamel(text), fallback: fallback)
        return Self.reservedTypeNames.contains(name) ? name + "Model" : name
    }

    /// Declares every `components/schemas` entry.
    mutating func declareComponents() {
        for schema in document.schemaNames {
            let pointer = "/components/schemas/" + JSONPointer.escape(schema)
            guard declaredAt[pointer] == nil, let value = document.root.value(at: pointer) else { continue }
            declareComponent(Located(value: value, pointer: pointer))
        }
    }

    private mutating func declareComponent(_ schema: Located) {
        guard let name = componentNames[schema.pointer], declaredAt[schema.pointer] == nil else { return }
        let (type, _) = translate(schema, hint: name, declaring: name)
        if declarations[name] == nil {
            declaredAt[schema.pointer] = name
            declare(.alias(name: name, type: type, doc: Self.doc(of: schema.value), schema: schema))
        }
    }

    mutating func declare(_ decl: TypeDecl) {
        if declarations[decl.name] == nil { order.append(decl.name) }
        declarations[decl.name] = decl
    }

    /// The Swift type of `schema` (`nil`: any JSON) and whether `null` is one of its values. `hint` names
    /// a declaration the schema needs.
    mutating func type(of schema: Located?, hint: String) -> (type: TypeRef, nullable: Bool) {
        guard let schema else { return (.json, false) }
        return translate(schema, hint: hint, declaring: nil)
    }

    /// `schema` translated; a declaration it needs is named `declaring` (a component's name), or a new
    /// name made from `hint`.
    private mutating func translate(_ schema: Located, hint: String, declaring: String?) -> (
        type: TypeRef, nullable: Bool
    ) {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumDepth else {
            diagnostics.warn(
                "schemas nested deeper than \(Self.maximumDepth) levels; the value is any JSON (JSONValue)",
                at: schema.pointer)
            return (.json, false)
        }
        if let reference = schema.value["$ref"]?.string {
            guard let target = ReferenceResolver.pointer(of: reference), let value = document.root.value(at: target)
            else {
                diagnostics.warn(
                    "the reference \"\(reference)\" cannot be followed; the value is any JSON (JSONValue)",
                    at: schema.pointer)
                return (.json, false)
            }
            let resolved = Located(value: value, pointer: target)
            let nullable = isNullable(resolved.value) || isNullable(schema.value)
            // A component is declared by `declareComponents()`, in document order: following the reference
            // here would recurse as deep as a chain of components goes.
            if let name = componentNames[target] { return (.named(name), nullable) }
            if let name = declaredAt[target] { return (.named(name), nullable) }
            let lastToken = JSONPointer.unescape(String(target.split(separator: "/").last ?? ""))
            let (type, targetNullable) = translate(resolved, hint: typeName(lastToken, fallback: hint), declaring: nil)
            return (type, nullable || targetNullable)
        }
        if let name = declaredAt[schema.pointer] { return (.named(name), isNullable(schema.value)) }
        let value = schema.value
        let nullable = isNullable(value)
        guard value.object != nil else {
            // `true` (3.1) or an empty schema: any value.
            return (.json, nullable)
        }
        // An inline schema written the same way as one already declared (Stripe repeats its address,
        // metadata and expandable fields in hundreds of places) is that declaration.
        var shape: DocumentValue?
        if declaring == nil, Self.mayDeclare(value) {
            let key = Self.shapeKey(value, depth: 0)
            if let name = declaredByShape[key] {
                declaredAt[schema.pointer] = name
                return (.named(name), nullable)
            }
            shape = key
        }
        let result = translateUnreferenced(schema, hint: hint, declaring: declaring, nullable: nullable)
        if let shape, case .named(let name) = result.type, declaredAt[schema.pointer] == name {
            declaredByShape[shape] = name
        }
        return result
    }

    /// `schema`, which is no reference and not yet declared, translated.
    private mutating func translateUnreferenced(_ schema: Located, hint: String, declaring: String?, nullable: Bool)
        -> (type: TypeRef, nullable: Bool)
    {
        let value = schema.value
        if let parts = schema.member("allOf")?.elements, !parts.isEmpty {
            return (
                allOf(schema, parts: parts, hint: hint, declaring: declaring),
                nullable || parts.allSatisfy(isNullableRef)
            )
        }
        for keyword in ["oneOf", "anyOf"] {
            // Alternatives that only list `required` members constrain the object; they are no types.
            if let alternatives = schema.member(keyword)?.elements, !alternatives.isEmpty,
                !alternatives.allSatisfy({ Self.isConstraintOnly($0.value) })
            {
                let (type, hasNull) = oneOf(schema, alternatives: alternatives, hint: hint, declaring: declaring)
                return (type, nullable || hasNull)
            }
        }
        let types = Self.types(of: value)
        if let values = value["enum"]?.array, types.contains("string") || types.isEmpty,
            values.contains(where: { $0.string != nil })
        {
            return (
                stringEnum(schema, values: values, hint: hint, declaring: declaring), nullable || values.contains(.null)
            )
        }
        if let constant = value["const"], types.isEmpty {
            return (Self.primitive(of: constant), nullable)
        }
        let nonNull = types.filter { $0 != "null" }
        switch nonNull.count {
        case 0:
            if value["properties"] != nil || value["additionalProperties"] != nil {
                return (object(schema, hint: hint, declaring: declaring), nullable)
            }
            if value["items"] != nil { return (array(schema, hint: hint), nullable) }
            return (.json, nullable)
        case 1:
            switch nonNull[0] {
            case "string": return (Self.stringType(format: value["format"]?.string), nullable)
            case "integer": return (.int, nullable)
            case "number": return (.double, nullable)
            case "boolean": return (.bool, nullable)
            case "array": return (array(schema, hint: hint), nullable)
            case "object": return (object(schema, hint: hint, declaring: declaring), nullable)
            default:
                diagnostics.warn(
                    "unknown type \"\(nonNull[0])\"; the value is any JSON (JSONValue)", at: schema.pointer)
                return (.json, nullable)
            }
        default:
            if Set(nonNull) == ["integer", "number"] { return (.double, nullable) }
            diagnostics.warn(
                "a value of several types (\(nonNull.joined(separator: ", "))) is any JSON (JSONValue)",
                at: schema.pointer)
            return (.json, nullable)
        }
    }

    private mutating func array(_ schema: Located, hint: String) -> TypeRef {
        guard let items = schema.member("items") else { return .array(.json) }
        let (element, _) = translate(items, hint: hint + "Item", declaring: nil)
        return .array(element)
    }

    /// A name for a declaration: `declaring`, or a new one from `hint`; recorded for the schema's pointer.
    mutating func claimName(for schema: Located, hint: String, declaring: String?) -> String {
        let name = declaring ?? names.claim(hint)
        declaredAt[schema.pointer] = name
        return name
    }

    // MARK: - Reading schemas

    /// The schema's `type`, as a list (3.1 allows an array; 3.0 `nullable` adds `null`).
    static func types(of value: DocumentValue) -> [String] {
        var types: [String]
        if let single = value["type"]?.string {
            types = [single]
        } else {
            types = (value["type"]?.array ?? []).compactMap(\.string)
        }
        if value["nullable"]?.bool == true, !types.isEmpty, !types.contains("null") { types.append("null") }
        return types
    }

    /// Whether `null` is a value of the schema.
    func isNullable(_ value: DocumentValue) -> Bool {
        if value["nullable"]?.bool == true { return true }
        if Self.types(of: value).contains("null") { return true }
        if value["enum"]?.array?.contains(.null) == true { return true }
        for keyword in ["oneOf", "anyOf"] {
            if let alternatives = value[keyword]?.array, alternatives.contains(where: isNullSchema) { return true }
        }
        return false
    }

    private func isNullableRef(_ schema: Located) -> Bool {
        isNullable(schema.value)
    }

    /// Whether a schema allows nothing but `null`.
    func isNullSchema(_ value: DocumentValue) -> Bool {
        let types = Self.types(of: value)
        if types == ["null"] { return true }
        if value["enum"]?.array == [.null] { return true }
        return false
    }

    static func stringType(format: String?) -> TypeRef {
        switch format {
        case "date-time": .date
        case "date": .day
        case "uuid": .uuid
        case "byte", "binary", "base64": .data
        default: .string
        }
    }

    static func primitive(of value: DocumentValue) -> TypeRef {
        switch value {
        case .string: .string
        case .number(let text): text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? .double : .int
        case .bool: .bool
        default: .json
        }
    }

    /// The doc comment text of a schema: its description, else its title.
    static func doc(of value: DocumentValue) -> String? {
        value["description"]?.string ?? value["title"]?.string
    }
}
