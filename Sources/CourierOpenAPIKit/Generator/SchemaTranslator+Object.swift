extension SchemaTranslator {
    /// An object schema: a struct when it has properties, else a dictionary.
    mutating func object(_ schema: Located, hint: String, declaring: String?) -> TypeRef {
        let additional = additionalType(schema, hint: hint)
        let shape = ObjectShape(schema)
        guard !shape.properties.isEmpty else { return .dictionary(additional ?? .json) }
        return structure(schema, shape: shape, additional: additional, hint: hint, declaring: declaring)
    }

    /// `allOf`: one meaningful part is that part's type; objects are merged into one struct.
    mutating func allOf(_ schema: Located, parts: [Located], hint: String, declaring: String?) -> TypeRef {
        let meaningful = parts.filter { Self.isMeaningful($0.value) }
        let ownShape = ObjectShape(schema)
        if meaningful.count == 1, ownShape.properties.isEmpty {
            return translateMeaningful(meaningful[0], hint: hint)
        }
        var merged = ownShape
        var mergedParts = true
        for part in parts {
            guard let shape = flattenedShape(part, depth: 0) else {
                mergedParts = false
                break
            }
            merged.merge(shape)
        }
        if mergedParts, !merged.properties.isEmpty {
            let additional = additionalType(schema, hint: hint)
            return structure(schema, shape: merged, additional: additional, hint: hint, declaring: declaring)
        }
        if mergedParts {
            // Only constraints: the parts say no more than "an object".
            return .dictionary(.json)
        }
        let types = meaningful.map { type(of: $0, hint: hint).type }
        if let first = types.first, types.allSatisfy({ $0 == first }), first.isScalar { return first }
        diagnostics.warn(
            "allOf mixes parts that are not all objects; the value is any JSON (JSONValue)", at: schema.pointer)
        return .json
    }

    private mutating func translateMeaningful(_ part: Located, hint: String) -> TypeRef {
        type(of: part, hint: hint).type
    }

    /// Whether a `oneOf`/`anyOf` member only constrains its object (`required`, bounds) and says
    /// nothing of a type of its own (OpenAI's "`file_ids` or `files`": `anyOf: [{required: [file_ids]},
    /// {required: [files]}]`).
    static func isConstraintOnly(_ member: DocumentValue) -> Bool {
        let typing = ["type", "properties", "$ref", "items", "enum", "const", "oneOf", "anyOf", "allOf"]
        return member.object != nil && !typing.contains { member[$0] != nil }
    }

    /// Whether a schema says something about the value's type (not only a description or `nullable`).
    static func isMeaningful(_ value: DocumentValue) -> Bool {
        ["$ref", "type", "properties", "allOf", "oneOf", "anyOf", "enum", "items", "additionalProperties", "const"]
            .contains { value[$0] != nil }
    }

    /// The properties of an object schema with its `allOf` parts merged; `nil` when a part is not an object.
    private mutating func flattenedShape(_ part: Located, depth: Int) -> ObjectShape? {
        guard depth < 16, let resolved = document.resolver.resolve(part.value, at: part.pointer, &diagnostics) else {
            return nil
        }
        let value = resolved.value
        guard Self.isMeaningful(value) else { return ObjectShape() }
        for keyword in ["oneOf", "anyOf"] {
            if let alternatives = value[keyword]?.array, !alternatives.allSatisfy(Self.isConstraintOnly) { return nil }
        }
        let types = Self.types(of: value).filter { $0 != "null" }
        if !types.isEmpty, types != ["object"] { return nil }
        var shape = ObjectShape(resolved)
        for inner in resolved.member("allOf")?.elements ?? [] {
            guard let innerShape = flattenedShape(inner, depth: depth + 1) else { return nil }
            shape.merge(innerShape)
        }
        return shape
    }

    /// The type of `additionalProperties`: a schema's type, `JSONValue` for `true`, `nil` for `false` or none.
    private mutating func additionalType(_ schema: Located, hint: String) -> TypeRef? {
        guard let additional = schema.member("additionalProperties") else { return nil }
        switch additional.value {
        case .bool(true): return .json
        case .bool: return nil
        case .object(let object) where object.count == 0: return .json
        default: return type(of: additional, hint: hint + "Value").type
        }
    }

    private mutating func structure(
        _ schema: Located, shape: ObjectShape, additional: TypeRef?, hint: String, declaring: String?
    ) -> TypeRef {
        let name = claimName(for: schema, hint: hint, declaring: declaring)
        var propertyNames = NameScope(reserved: ["additionalProperties", "hashValue"])
        var properties: [StructDecl.Property] = []
        for (key, property) in shape.properties {
            var swiftName = SwiftName.identifier(SwiftName.lowerCamel(key), fallback: "value")
            if SwiftName.unusableMembers.contains(swiftName) { swiftName += "_" }
            let (type, nullable) = type(of: property, hint: name + typeName(key, fallback: "Value"))
            let required = shape.required.contains(key)
            properties.append(
                StructDecl.Property(
                    name: propertyNames.claim(swiftName), key: key, type: type, isOptional: !required || nullable,
                    isRequired: required, doc: Self.doc(of: property.value), schema: property))
        }
        declare(
            .structure(
                StructDecl(
                    name: name, doc: Self.doc(of: schema.value), properties: properties,
                    additional: shape.properties.isEmpty ? nil : additional, schema: schema)))
        return .named(name)
    }
}

/// An object schema's properties (document order) and required names, parts merged.
struct ObjectShape {
    var properties: [(key: String, schema: Located)] = []
    var required: Set<String> = []

    init() {}

    init(_ schema: Located) {
        properties = schema.member("properties")?.members.map { ($0.key, $0.value) } ?? []
        required = Set((schema.value["required"]?.array ?? []).compactMap(\.string))
    }

    /// Adds `other`'s properties (a key already here takes the later schema, keeping its place).
    mutating func merge(_ other: ObjectShape) {
        for property in other.properties {
            if let index = properties.firstIndex(where: { $0.key == property.key }) {
                properties[index] = property
            } else {
                properties.append(property)
            }
        }
        required.formUnion(other.required)
    }
}
