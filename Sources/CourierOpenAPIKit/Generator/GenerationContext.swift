/// Everything one generation knows once the document is read, and the files it writes from it.
struct GenerationContext {
    let document: OpenAPIDocument
    let translator: SchemaTranslator
    let plans: [CasePlan]
    let options: GeneratorOptions
    let recursion: RecursionBreaker
    let values: ValueText
    let samples: SampleFactory
    /// Roughly how many lines of models go in one file.
    static let modelLinesPerFile = 4000

    init(document: OpenAPIDocument, translator: SchemaTranslator, plans: [CasePlan], options: GeneratorOptions) {
        self.document = document
        self.translator = translator
        self.plans = plans
        self.options = options
        recursion = RecursionBreaker(declarations: translator.declarations, order: translator.order)
        values = ValueText(declarations: translator.declarations, apiName: options.name)
        samples = SampleFactory(declarations: translator.declarations, resolver: document.resolver)
    }

    private var name: String { options.name }
    private var access: String { options.isPublic ? "public " : "" }

    /// The JSON keys of calendar-date properties.
    private var dayKeys: [String] {
        var keys: Set<String> = []
        for case .structure(let decl) in translator.declarations.values {
            for property in decl.properties where values.resolved(property.type).containsDay(values) {
                keys.insert(property.key)
            }
        }
        return keys.sorted()
    }

    /// Whether any model or body holds a date.
    private var usesDates: Bool {
        translator.declarations.values.contains { decl in
            switch decl {
            case .structure(let structure): structure.properties.contains { $0.type.containsDate }
            case .oneOf(let choice): choice.cases.contains { $0.type.containsDate }
            case .alias(_, let type, _, _): type.containsDate
            case .stringEnum: false
            }
        } || plans.contains { $0.bodyArgument?.type.containsDate == true }
    }

    func files() -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        let header = fileHeader()
        func file(_ suffix: String, imports: [String] = [], _ render: (String) -> String) {
            let body = "#if compiler(>=6.2)\n" + render("nonisolated ") + "#else\n" + render("") + "#endif\n"
            let importLines = (["Courier"] + imports + ["Foundation"]).map { "import \($0)\n" }.joined()
            let networking = "\n#if canImport(FoundationNetworking)\n    import FoundationNetworking\n#endif\n"
            files.append(
                GeneratedFile(name: name + suffix + ".swift", contents: header + importLines + networking + "\n" + body)
            )
        }
        let targets = { (isolation: String) in
            TargetWriter(apiName: name, access: access, isolation: isolation, document: document, plans: plans)
        }
        file("") { targets($0).enumDeclaration() }
        let security = { (isolation: String) in
            SecurityWriter(
                apiName: name, access: access, isolation: isolation, plans: plans, schemes: document.securitySchemes)
        }
        let needsPlugins = security("").authorization() != nil
        file("+TargetType", imports: needsPlugins ? ["CourierPlugins"] : []) { isolation in
            var out = ConformanceWriter(
                apiName: name, access: access, isolation: isolation, document: document, plans: plans, values: values,
                usesDates: usesDates, diagnostics: translator.diagnostics
            ).write()
            if let authorization = security(isolation).authorization() { out += "\n" + authorization }
            return out
        }
        file("+SampleData") { isolation in
            SampleDataWriter(apiName: name, access: access, isolation: isolation, plans: plans, samples: samples)
                .write()
        }
        file("+Typed") { isolation in
            TypedWriter(apiName: name, access: access, isolation: isolation, plans: plans, targets: targets(isolation))
                .write()
        }
        file("+Support") { isolation in
            let support = SupportWriter(
                apiName: name, access: access, isolation: isolation, plans: plans,
                declarations: translator.declarations, values: values, dayKeys: dayKeys)
            var out = support.codingKey() + "\n" + support.dateCoding() + "\n" + support.pathSegment()
            if let multipart = support.multipart() { out += "\n" + multipart }
            if let keys = security(isolation).apiKeys() { out += "\n" + keys }
            return out
        }
        for (index, chunk) in modelChunks().enumerated() {
            file("+Models" + (index == 0 ? "" : "\(index + 1)")) { isolation in
                let writer = ModelWriter(access: access, isolation: isolation, recursion: recursion)
                guard !chunk.isEmpty else { return "" }
                var out = "\(isolation)extension \(name) {\n"
                for (position, declName) in chunk.enumerated() {
                    if position > 0 { out += "\n" }
                    if declName == "" {
                        out += writer.indirectDeclaration()
                    } else if let decl = translator.declarations[declName] {
                        out += writer.write(decl)
                    }
                }
                return out + "}\n"
            }
        }
        if options.emitsSamples {
            let hasAPIKeys = security("").apiKeys() != nil
            file("+Samples", imports: needsPlugins ? ["CourierPlugins"] : []) { isolation in
                SamplesWriter(
                    apiName: name, access: access, isolation: isolation, plans: plans, samples: samples,
                    usesAuthorization: needsPlugins, hasAPIKeys: hasAPIKeys
                ).write()
            }
        }
        return files
    }

    private func fileHeader() -> String {
        let title = document.title.map { " from \"\($0)\"" } ?? ""
        return "// Generated by courier-openapi\(title). Do not edit: generate it again.\n\n"
    }

    /// The declaration names in document order, in files of about ``modelLinesPerFile`` lines; `""`
    /// stands for the `Indirect` box.
    private func modelChunks() -> [[String]] {
        var names = translator.order
        if !recursion.boxedProperties.isEmpty { names.insert("", at: 0) }
        if let count = options.modelFileCount {
            // Exactly `count` files, the declarations spread evenly by size.
            let total = names.reduce(0) { $0 + estimatedLines($1) }
            let share = max(total / max(count, 1), 1)
            var chunks: [[String]] = Array(repeating: [], count: count)
            var lines = 0
            for declName in names {
                chunks[min(lines / share, count - 1)].append(declName)
                lines += estimatedLines(declName)
            }
            return chunks
        }
        guard !names.isEmpty else { return [] }
        var chunks: [[String]] = [[]]
        var lines = 0
        for declName in names {
            let size = estimatedLines(declName)
            if lines + size > Self.modelLinesPerFile, !(chunks.last?.isEmpty ?? true) {
                chunks.append([])
                lines = 0
            }
            chunks[chunks.count - 1].append(declName)
            lines += size
        }
        return chunks
    }

    private func estimatedLines(_ declName: String) -> Int {
        switch translator.declarations[declName] {
        case .structure(let decl): 8 + decl.properties.count * 4
        case .stringEnum(let decl): 5 + decl.cases.count
        case .oneOf(let decl): 16 + decl.cases.count * 6
        default: 3
        }
    }
}

extension TypeRef {
    /// Whether the type holds a `Date` somewhere in its own shape (not through declarations).
    var containsDate: Bool {
        switch self {
        case .date, .day: true
        case .array(let element), .dictionary(let element): element.containsDate
        default: false
        }
    }

    /// Whether the type is a calendar date, or a list or dictionary of them.
    func containsDay(_ values: ValueText) -> Bool {
        switch values.resolved(self) {
        case .day: true
        case .array(let element), .dictionary(let element): element.containsDay(values)
        default: false
        }
    }
}
