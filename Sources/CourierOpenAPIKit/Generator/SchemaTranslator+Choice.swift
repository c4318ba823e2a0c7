extension SchemaTranslator {
    /// `oneOf`/`anyOf`: an enum with one case per alternative (`null` alternatives make it optional);
    /// alternatives of one simple type are that type.
    mutating func oneOf(_ schema: Located, alternatives: [Located], hint: String, declaring: String?)
        -> (type: TypeRef, hasNull: Bool)
    {
        var hasNull = false
        var kept: [Located] = []
        for alternative in alternatives {
            let resolved = document.resolver.resolve(alternative.value, at: alternative.pointer, &diagnostics)
            if let resolved, isNullSchema(resolved.value) {
                hasNull = true
            } else {
                kept.append(alternative)
            }
        }
        if kept.isEmpty { return (.json, hasNull) }
        if kept.count == 1 {
            let (type, nullable) = type(of: kept[0], hint: hint)
            return (type, hasNull || nullable)
        }
        let name = claimName(for: schema, hint: hint, declaring: declaring)
        var caseNames = NameScope(reserved: ["rawValue", "hashValue"])
        var cases: [(name: String, type: TypeRef)] = []
        var caseOfTarget: [String: Int] = [:]
        for (index, alternative) in kept.enumerated() {
            let reference = alternative.value["$ref"]?.string
            let title = alternative.value["title"]?.string
            let targetName = reference.map { String($0.split(separator: "/").last ?? "") }.map(JSONPointer.unescape)
            let (type, nullable) = self.type(
                of: alternative, hint: name + typeName(title ?? "Option\(index + 1)", fallback: "Option"))
            if nullable { hasNull = true }
            var caseName = SwiftName.lowerCamel(targetName ?? title ?? Self.caseName(of: type))
            caseName = SwiftName.identifier(caseName, fallback: "option\(index + 1)")
            if SwiftName.unusableMembers.contains(caseName) { caseName += "_" }
            cases.append((caseNames.claim(caseName), type))
            if let reference, let pointer = ReferenceResolver.pointer(of: reference) { caseOfTarget[pointer] = index }
        }
        let discriminator = discriminatorValues(schema, kept: kept, caseOfTarget: caseOfTarget)
        declare(
            .oneOf(
                OneOfDecl(
                    name: name, doc: Self.doc(of: schema.value), cases: cases, discriminator: discriminator,
                    schema: schema)))
        return (.named(name), hasNull)
    }

    private static func caseName(of type: TypeRef) -> String {
        switch type {
        case .string: "string"
        case .int: "integer"
        case .double: "number"
        case .bool: "bool"
        case .date, .day: "date"
        case .uuid: "uuid"
        case .data: "data"
        case .json: "json"
        case .named(let name): name
        case .array(let element): caseName(of: element) + "List"
        case .dictionary(let value): caseName(of: value) + "Map"
        }
    }

    /// Which discriminator value picks which case: the `mapping`, then each referenced schema's own name,
    /// then the values the alternatives allow for the property (`enum`, `const`).
    private mutating func discriminatorValues(_ schema: Located, kept: [Located], caseOfTarget: [String: Int])
        -> (property: String, values: [(value: String, caseIndex: Int)])?
    {
        guard let property = schema.value["discriminator"]?["propertyName"]?.string else { return nil }
        var values: [(value: String, caseIndex: Int)] = []
        var seen: Set<String> = []
        func add(_ value: String, _ index: Int) {
            if seen.insert(value).inserted { values.append((value, index)) }
        }
        for member in schema.value["discriminator"]?["mapping"]?.object?.members ?? [] {
            guard let target = member.value.string else { continue }
            let pointer = ReferenceResolver.pointer(of: target) ?? "/components/schemas/" + JSONPointer.escape(target)
            if let index = caseOfTarget[pointer] {
                add(member.key, index)
            } else {
                diagnostics.warn(
                    "the discriminator maps \"\(member.key)\" to a schema that is not one of the alternatives; it is left out",
                    at: schema.pointer + "/discriminator")
            }
        }
        for (index, alternative) in kept.enumerated() {
            guard let resolved = document.resolver.resolve(alternative.value, at: alternative.pointer, &diagnostics)
            else {
                continue
            }
            for allowed in allowedValues(of: property, in: resolved, depth: 0) { add(allowed, index) }
        }
        // Without a mapping, a referenced schema's name is its value too (after the values it allows).
        for (pointer, index) in caseOfTarget.sorted(by: { $0.value < $1.value }) {
            add(JSONPointer.unescape(String(pointer.split(separator: "/").last ?? "")), index)
        }
        return (property, values)
    }

    /// The string values an object schema allows for `property` (`enum`, `const`), through `allOf`.
    private mutating func allowedValues(of property: String, in schema: Located, depth: Int) -> [String] {
        guard depth < 8 else { return [] }
        var found: [String] = []
        if let propertySchema = schema.member("properties")?.member(property),
            let resolved = document.resolver.resolve(propertySchema.value, at: propertySchema.pointer, &diagnostics)
        {
            if let constant = resolved.value["const"]?.string { found.append(constant) }
            found += (resolved.value["enum"]?.array ?? []).compactMap(\.string)
        }
        for part in schema.member("allOf")?.elements ?? [] {
            if let resolved = document.resolver.resolve(part.value, at: part.pointer, &diagnostics) {
                found += allowedValues(of: property, in: resolved, depth: depth + 1)
            }
        }
        return found
    }

    /// A string enum that keeps unknown values.
    mutating func stringEnum(_ schema: Located, values: [DocumentValue], hint: String, declaring: String?) -> TypeRef {
        let name = claimName(for: schema, hint: hint, declaring: declaring)
        var caseNames = NameScope(reserved: ["rawValue", "hashValue"])
        var cases: [(name: String, value: String)] = []
        var seen: Set<String> = []
        for value in values.compactMap(\.string) where seen.insert(value).inserted {
            var caseName = SwiftName.identifier(SwiftName.lowerCamel(value), fallback: "empty")
            if SwiftName.unusableMembers.contains(caseName) { caseName += "_" }
            cases.append((caseNames.claim(caseName), value))
        }
        declare(.stringEnum(StringEnumDecl(name: name, doc: Self.doc(of: schema.value), cases: cases, schema: schema)))
        return .named(name)
    }
}
