/// Moya's `NetworkLoggerPlugin` is a class, so apps configure one they hold in a `let`
/// (`let logger = NetworkLoggerPlugin(); logger.configuration.logOptions = .verbose`). Courier's
/// is a struct, so that `let` becomes a `var`.
enum LoggerConfigurationRewriter {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        for position in source.code.indices where source.isIdentifier(position, "let") {
            guard let name = source[position + 1], name.kind == .identifier, source.isPunctuation(position + 2, "="),
                source.isIdentifier(position + 3, "NetworkLoggerPlugin"),
                isConfigured(name.text, after: position + 3, in: source)
            else { continue }
            draft.replace(position, with: "var")
        }
    }

    /// Whether `name.configuration` is used after `start`, where only a mutable logger compiles.
    private static func isConfigured(_ name: String, after start: Int, in source: SwiftSource) -> Bool {
        (start..<source.code.count).contains {
            source.isIdentifier($0, name) && !source.isPunctuation($0 - 1, ".") && source.isPunctuation($0 + 1, ".")
                && source.isIdentifier($0 + 2, "configuration")
        }
    }
}
