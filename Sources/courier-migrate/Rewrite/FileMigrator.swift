/// Migrates the text of one Swift file from Moya to Courier.
enum FileMigrator {
    /// What became of a file.
    enum Outcome: Equatable {
        /// Not Moya code (or already migrated): left as it is.
        case notMoyaCode
        /// The file could not be read as Swift; left as it is.
        case notUnderstood(LexError)
        /// The migrated text (the same text when nothing needed rewriting), the number of rewrites
        /// and the places left for the developer.
        case migrated(text: String, rewrites: Int, notes: [HandNote])
    }

    /// Migrates `text`; `project` holds what the other migrated files declare (``declarations(in:)``).
    static func migrate(_ text: String, project: ProjectDeclarations = ProjectDeclarations()) -> Outcome {
        let tokens: [Token]
        do {
            tokens = try Lexer.tokens(of: text)
        } catch {
            return .notUnderstood(error)
        }
        if let problem = SourceSanity.problem(in: tokens) { return .notUnderstood(problem) }
        let source = SwiftSource(tokens: tokens)
        guard isMoyaCode(source) else { return .notMoyaCode }
        var draft = MigrationDraft(source: source)
        let interfaceImport = UmbrellaImportRule.interfaceImport(&draft)
        ProviderSubclassRewriter.run(&draft)
        AlamofireSetupRewriter.run(&draft)
        LegacyMoyaRewriter.run(&draft)
        LoggerConfigurationRewriter.run(&draft)
        NameRewriter.run(&draft)
        SynchronousPluginRewriter.run(&draft)
        HandNoteFinder.run(&draft)
        AsyncWrapperFinder.run(&draft)
        var declarations = ProjectDeclarations(in: source)
        declarations.formUnion(project)
        SharedValueFinder.run(&draft, classes: declarations.unsendableClasses)
        TargetProtocolFinder.run(&draft, declarations: declarations)
        ImportRewriter.run(&draft, usesPlugins: usesPlugins(source), adding: interfaceImport)
        let (migrated, notes) = draft.result()
        return .migrated(text: migrated, rewrites: draft.rewrites, notes: notes)
    }

    /// What `text` declares that rules in other files need to know; nothing when it cannot be read.
    static func declarations(in text: String) -> ProjectDeclarations {
        guard let tokens = try? Lexer.tokens(of: text) else { return ProjectDeclarations() }
        return ProjectDeclarations(in: SwiftSource(tokens: tokens))
    }

    /// A file is Moya code when it imports Moya, one of its reactive extensions or Alamofire, or
    /// (imported elsewhere with `@_exported`) uses a name only Moya has; a file that imports
    /// Courier is already migrated.
    private static func isMoyaCode(_ source: SwiftSource) -> Bool {
        let modules = Set(ImportDeclaration.all(in: source).map(\.moduleName))
        if !modules.isDisjoint(with: ImportRewriter.replacedModules) { return true }
        if modules.contains("Courier") || modules.contains("CourierPlugins") { return false }
        return source.code.indices.contains { position in
            guard let token = source[position], token.kind == .identifier else { return false }
            return NameTable.moyaSignals.contains(token.text) && !source.isPunctuation(position - 1, ".")
        }
    }

    private static func usesPlugins(_ source: SwiftSource) -> Bool {
        source.code.indices.contains { position in
            guard let token = source[position], NameTable.pluginNames.contains(token.text) else { return false }
            return !source.isPunctuation(position - 1, ".") || source.isIdentifier(position - 2, "Moya")
        }
    }
}
