import Foundation

/// Makes sample JSON for a type: the document's examples where they fit the type, else values made
/// from the schema (its `enum`, `default`, `format`, bounds and lengths) that the generated type
/// decodes and the schema accepts.
struct SampleFactory {
    let declarations: [String: TypeDecl]
    let resolver: ReferenceResolver
    /// How deep samples of nested models go; deeper, optional members are left out and lists are empty.
    static let maximumDepth = 6

    /// A sample of `type`; `example` (the document's) is used when it fits.
    func sample(_ type: TypeRef, schema: Located?, example: DocumentValue? = nil) -> DocumentValue {
        if let example, conforms(example, to: type, depth: 0) { return example }
        return make(type, schema: schema, depth: 0)
    }

    private func resolved(_ schema: Located?) -> DocumentValue? {
        guard let schema else { return nil }
        var diagnostics = Diagnostics()
        return resolver.resolve(schema.value, at: schema.pointer, &diagnostics)?.value
    }

    /// The schema's own example, `default`, `const` or first `enum` value, if it fits `type`.
    private func documented(_ schema: Located?, _ type: TypeRef) -> DocumentValue? {
        guard let schema else { return nil }
        for value in [schema.value, resolved(schema)].compactMap({ $0 }) {
            var candidates = [value["example"], value["const"], value["default"]].compactMap { $0 }
            candidates += (value["examples"]?.array ?? []).prefix(1)
            candidates += (value["enum"]?.array ?? []).filter { $0 != .null }.prefix(1)
            for candidate in candidates where candidate != .null && conforms(candidate, to: type, depth: 0) {
                return candidate
            }
        }
        return nil
    }

    private func make(_ type: TypeRef, schema: Located?, depth: Int) -> DocumentValue {
        if let documented = documented(schema, type) { return documented }
        var value = resolved(schema)
        if type.isScalar, let member = scalarMember(schema) {
            if let documented = documented(member, type) { return documented }
            value = resolved(member)
        }
        switch type {
        case .string: return .string(Self.string(value))
        case .int: return .number(Self.integer(value))
        case .double: return .number(Self.number(value))
        case .bool: return .bool(true)
        case .date: return .string("2024-01-02T03:04:05Z")
        case .day: return .string("2024-01-02")
        case .uuid: return .string("123e4567-e89b-12d3-a456-426614174000")
        case .data: return .string("c2FtcGxl")
        case .json: return json(schema, depth: depth)
        case .array(let element):
            let minimum = max(Int(value?["minItems"]?.number ?? "") ?? 0, 0)
            // Past the depth, a list of scalars still gets its one value: it cannot nest further, and
            // an empty list is no value at all in a form body (Stripe's required `prices`).
            guard depth < Self.maximumDepth || minimum > 0 || element.isScalar else { return .array([]) }
            let item = make(element, schema: schema?.memberResolved("items", resolver), depth: depth + 1)
            return .array(Array(repeating: item, count: max(1, min(minimum, 3))))
        case .dictionary(let valueType):
            guard depth < Self.maximumDepth else { return .object(DocumentObject()) }
            let member = make(
                valueType, schema: schema?.memberResolved("additionalProperties", resolver), depth: depth + 1)
            return .object(DocumentObject([DocumentMember(key: "key", value: member)]))
        case .named(let name):
            return named(name, depth: depth)
        }
    }

    private func named(_ name: String, depth: Int) -> DocumentValue {
        switch declarations[name] {
        case .structure(let decl):
            var members: [DocumentMember] = []
            let alternativeRequired = firstAlternativeRequired(resolved(decl.schema))
            // Required members (those the first of a `oneOf`/`anyOf` of `required` lists names too),
            // and at the first levels the optional ones, so that samples show (and requests exercise)
            // what a value can hold.
            for property in decl.properties
            where !property.isOptional || (property.isRequired && depth < Self.maximumDepth)
                || (depth < 2 && !admitsNoValue(property.schema)) || alternativeRequired.contains(property.key)
            {
                let value =
                    property.isOptional && depth >= Self.maximumDepth
                    ? DocumentValue.null : make(property.type, schema: property.schema, depth: depth + 1)
                members.append(DocumentMember(key: property.key, value: value))
            }
            // An empty object cannot be sent in a form or a query: give it its first member.
            if members.isEmpty, let first = decl.properties.first, depth < Self.maximumDepth + 2 {
                members.append(
                    DocumentMember(key: first.key, value: make(first.type, schema: first.schema, depth: depth + 1)))
            }
            return .object(DocumentObject(members))
        case .stringEnum(let decl):
            return .string(decl.cases.first?.value ?? "value")
        case .oneOf(let decl):
            guard let first = decl.cases.first else { return .null }
            var value = make(first.type, schema: nil, depth: depth + 1)
            if let discriminator = decl.discriminator,
                let tag = discriminator.values.first(where: { $0.caseIndex == 0 }),
                case .object(var object) = value
            {
                var members = object.members.filter { $0.key != discriminator.property }
                members.insert(DocumentMember(key: discriminator.property, value: .string(tag.value)), at: 0)
                object = DocumentObject(members)
                value = .object(object)
            }
            return value
        case .alias(_, let type, _, let schema):
            guard depth < Self.maximumDepth * 4 else { return .null }
            return make(type, schema: schema, depth: depth + 1)
        case nil:
            return .null
        }
    }

    /// A sample of a schema the generator types as any JSON: an object with its required members, a
    /// list, or a scalar of its first type.
    private func json(_ schema: Located?, depth: Int) -> DocumentValue {
        guard let value = resolved(schema), depth < Self.maximumDepth else { return .object(DocumentObject()) }
        for keyword in ["oneOf", "anyOf"] {
            if let first = value[keyword]?.array?.first(where: { $0["type"]?.string != "null" }),
                !SchemaTranslator.isConstraintOnly(first),
                let pointer = schema.map({ "\(resolvedPointer($0))/\(keyword)/0" })
            {
                let alternative = Located(value: first, pointer: pointer)
                return make(.json, schema: alternative, depth: depth + 1)
            }
        }
        let types = SchemaTranslator.types(of: value).filter { $0 != "null" }
        switch types.first ?? (value["properties"] != nil ? "object" : "") {
        case "string": return .string(Self.string(value))
        case "integer": return .number(Self.integer(value))
        case "number": return .number(Self.number(value))
        case "boolean": return .bool(true)
        case "array":
            let minimum = min(max(Int(value["minItems"]?.number ?? "") ?? 0, 0), 3)
            guard minimum > 0, let items = schema?.memberResolved("items", resolver) else { return .array([]) }
            return .array(Array(repeating: make(.json, schema: items, depth: depth + 1), count: minimum))
        case "object":
            var members: [DocumentMember] = []
            let required = Set((value["required"]?.array ?? []).compactMap(\.string))
                .union(firstAlternativeRequired(value))
            let base = schema.map(resolvedPointer) ?? ""
            for member in value["properties"]?.object?.members ?? [] where required.contains(member.key) {
                let property = Located(
                    value: member.value, pointer: base + "/properties/" + JSONPointer.escape(member.key))
                members.append(DocumentMember(key: member.key, value: make(.json, schema: property, depth: depth + 1)))
            }
            return .object(DocumentObject(members))
        default: return .object(DocumentObject())
        }
    }

    /// For a scalar behind a nullable wrapper (`anyOf: [{type: number, maximum: 1}, {type: "null"}]`),
    /// the member whose bounds and examples a sample follows.
    private func scalarMember(_ schema: Located?) -> Located? {
        guard let schema, let value = resolved(schema) else { return nil }
        for keyword in ["anyOf", "oneOf", "allOf"] {
            guard let members = value[keyword]?.array else { continue }
            guard let index = members.firstIndex(where: { $0["type"]?.string != "null" }) else { return nil }
            return Located(value: members[index], pointer: "\(resolvedPointer(schema))/\(keyword)/\(index)")
        }
        return nil
    }

    /// Whether no value can meet the schema: a `oneOf` with an alternative that admits anything
    /// (GitHub's gist `public`, whose third alternative is only `nullable: true`), which every value
    /// then matches twice. An optional member with such a schema is left out of samples.
    private func admitsNoValue(_ schema: Located?) -> Bool {
        guard let alternatives = resolved(schema)?["oneOf"]?.array, alternatives.count > 1 else { return false }
        return alternatives.contains { $0.object != nil && !SchemaTranslator.isMeaningful($0) }
    }

    /// The members the first alternative requires, when an object's `oneOf` or `anyOf` only lists
    /// `required` members (OpenAI's "`file_ids` or `files`"), which the object must then hold.
    private func firstAlternativeRequired(_ value: DocumentValue?) -> Set<String> {
        for keyword in ["oneOf", "anyOf"] {
            guard let members = value?[keyword]?.array, let first = members.first,
                members.allSatisfy(SchemaTranslator.isConstraintOnly)
            else { continue }
            return Set((first["required"]?.array ?? []).compactMap(\.string))
        }
        return []
    }

    private func resolvedPointer(_ schema: Located) -> String {
        var diagnostics = Diagnostics()
        return resolver.resolve(schema.value, at: schema.pointer, &diagnostics)?.pointer ?? schema.pointer
    }

    // MARK: - Scalars

    static func string(_ schema: DocumentValue?) -> String {
        var text: String
        switch schema?["format"]?.string {
        case "email": text = "user@example.com"
        case "uri", "url", "iri": text = "https://example.com"
        case "hostname": text = "example.com"
        case "ipv4": text = "192.0.2.1"
        case "ipv6": text = "2001:db8::1"
        case "date-time": text = "2024-01-02T03:04:05Z"
        case "date": text = "2024-01-02"
        case "time": text = "03:04:05"
        case "uuid": text = "123e4567-e89b-12d3-a456-426614174000"
        case "byte": text = "c2FtcGxl"
        default: text = "string"
        }
        let minimum = schema?["minLength"]?.number.flatMap { Int($0) }
        let maximum = schema?["maxLength"]?.number.flatMap { Int($0) }
        if let minimum, text.count < minimum {
            text += String(repeating: "x", count: min(minimum, 1000) - text.count)
        }
        if let maximum, text.count > maximum {
            text = String(text.prefix(max(maximum, 0)))
        }
        if let pattern = schema?["pattern"]?.string, !PatternSample.matches(text, pattern),
            let sample = PatternSample.make(pattern, minLength: minimum, maxLength: maximum)
        {
            return sample
        }
        return text
    }

    static func integer(_ schema: DocumentValue?) -> String {
        let minimum = schema?["minimum"]?.number.flatMap { Double($0) }
        let maximum = schema?["maximum"]?.number.flatMap { Double($0) }
        var value = 1.0
        if let minimum { value = max(value, minimum.rounded(.up)) }
        if let maximum { value = min(value, maximum.rounded(.down)) }
        if let exclusive = schema?["exclusiveMinimum"]?.number.flatMap({ Double($0) }), value <= exclusive {
            value = exclusive.rounded(.down) + 1
        } else if schema?["exclusiveMinimum"]?.bool == true, let minimum, value <= minimum {
            value = minimum.rounded(.down) + 1
        }
        if let step = schema?["multipleOf"]?.number.flatMap({ Double($0) }), step >= 1 {
            value = (value / step).rounded(.up) * step
        }
        guard value.isFinite, abs(value) < 9e15 else { return "1" }
        return String(Int64(value))
    }

    static func number(_ schema: DocumentValue?) -> String {
        if schema?["minimum"] != nil || schema?["maximum"] != nil || schema?["multipleOf"] != nil {
            return integer(schema)
        }
        return "1.5"
    }
}

extension Located {
    /// The member `key` of this schema after following its `$ref`.
    func memberResolved(_ key: String, _ resolver: ReferenceResolver) -> Located? {
        var diagnostics = Diagnostics()
        return resolver.resolve(value, at: pointer, &diagnostics)?.member(key)
    }
}
