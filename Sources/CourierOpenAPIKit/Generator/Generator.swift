/// What to generate.
package struct GeneratorOptions: Sendable {
    /// The enum's name, `API` by default.
    package var name: String
    /// `public` (the default) or `internal` declarations.
    package var isPublic: Bool
    /// Whether to write `<name>+Samples.swift`: a request for every operation, for tests.
    package var emitsSamples: Bool
    /// How many files the models are spread over: `nil` (the default) for as many as their size needs; a
    /// number for exactly that many, some perhaps empty (a build plugin names its outputs in advance).
    package var modelFileCount: Int?

    /// Options.
    package init(name: String = "API", isPublic: Bool = true, emitsSamples: Bool = false, modelFileCount: Int? = nil) {
        self.name = name
        self.isPublic = isPublic
        self.emitsSamples = emitsSamples
        self.modelFileCount = modelFileCount
    }
}

/// One file the generator writes.
package struct GeneratedFile: Hashable, Sendable {
    /// The file name, e.g. `API+Models.swift`.
    package var name: String
    /// The Swift source.
    package var contents: String
}

/// Turns an OpenAPI document into Swift: the target enum, its `TargetType` conformance, typed targets,
/// models and sample data. The same document always gives the same bytes.
package enum Generator {
    /// The files for `root`, and the warnings about what could not be expressed as the document says.
    /// - Throws: ``DocumentReadError`` when `root` is not an OpenAPI 3 document.
    package static func generate(_ root: DocumentValue, options: GeneratorOptions) throws(DocumentReadError)
        -> (files: [GeneratedFile], warnings: [GenerationWarning])
    {
        var diagnostics = Diagnostics()
        let document = try OpenAPIDocument(root, diagnostics: &diagnostics)
        var translator = SchemaTranslator(document: document, apiName: options.name, diagnostics: diagnostics)
        translator.declareComponents()
        let plans = OperationPlanner.plan(document, &translator)
        let context = GenerationContext(document: document, translator: translator, plans: plans, options: options)
        var warnings = context.translator.diagnostics
        for name in translator.order where context.recursion.aliasLoops.contains(name) {
            if case .alias(_, _, _, let schema) = translator.declarations[name] {
                warnings.warn(
                    "the schema only names another that names it back; it is any JSON (JSONValue)", at: schema.pointer)
            }
        }
        return (context.files(), warnings.warnings)
    }
}
