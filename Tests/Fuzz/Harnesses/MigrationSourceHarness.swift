@testable import courier_migrate

/// `courier-migrate` on any Swift file: its lexer (``Lexer``), the sanity check, and the whole
/// rewrite of one file (``FileMigrator``).
///
/// Checked: the tokens of a file that lexes are the file, byte for byte, in line order.
enum MigrationSourceHarness: FuzzHarness {
    static let name = "migration-source"

    static func run(_ input: FuzzInput) {
        let source = input.text
        guard let tokens = try? Lexer.tokens(of: source) else { return }
        precondition(tokens.map(\.text).joined() == source, "the tokens are not the source")
        for (token, next) in zip(tokens, tokens.dropFirst()) {
            precondition(token.line <= next.line, "\(next) is on a line before \(token)'s")
        }
        _ = SourceSanity.problem(in: tokens)
        _ = FileMigrator.declarations(in: source)
        if case .migrated(let text, _, _) = FileMigrator.migrate(source) {
            _ = try? Lexer.tokens(of: text)
        }
    }
}
