/// Turns the imports of Moya, its reactive extensions and Alamofire into one `import Courier`
/// (plus `import CourierPlugins` when the file uses a plugin, and `import UIKit` or `AppKit` when it
/// named them through Moya's umbrella header: ``UmbrellaImportRule``), keeping attributes such as
/// `@_exported` but not `@testable`.
enum ImportRewriter {
    /// Modules whose names Courier now provides, best replaced first.
    static let replacedModules = ["Moya", "RxMoya", "ReactiveMoya", "CombineMoya", "Alamofire"]

    static func run(_ draft: inout MigrationDraft, usesPlugins: Bool, adding interfaceModule: String? = nil) {
        let source = draft.source
        let imports = ImportDeclaration.all(in: source)
        renameCanImport(&draft)
        let replaced = imports.filter { replacedModules.contains($0.moduleName) }
        var courier = imports.first { $0.moduleName == "Courier" }
        if courier == nil,
            let chosen = replaced.min(by: { rank($0) < rank($1) })
        {
            rewrite(chosen, in: &draft)
            courier = chosen
        }
        for declaration in replaced where declaration.first != courier?.first {
            removeLine(of: declaration, in: &draft)
        }
        // Moya 13 brought antitypical's Result, whose `value` and `error` Swift's `Result` lacks.
        for declaration in imports where declaration.moduleName == "Result" {
            draft.note(at: declaration.keyword, HandAdvice.resultModule)
        }
        let needsPlugins = usesPlugins && !imports.contains { $0.moduleName == "CourierPlugins" }
        if let courier {
            if needsPlugins {
                let prefix = linePrefix(of: courier, in: source)
                draft.insertBeforeToken(at: source.code[courier.last] + 1, "\n\(prefix)import CourierPlugins")
            }
            if let interfaceModule {
                draft.insertBeforeToken(
                    at: source.code[courier.last] + 1, "\nimport \(interfaceModule)", counting: true)
            }
        } else {
            let lines = needsPlugins ? "import Courier\nimport CourierPlugins" : "import Courier"
            if let last = imports.last {
                draft.insertBeforeToken(at: source.code[last.last] + 1, "\n" + lines, counting: true)
            } else {
                draft.insert(lines + "\n\n", before: 0)
            }
        }
    }

    private static func rank(_ declaration: ImportDeclaration) -> Int {
        replacedModules.firstIndex(of: declaration.moduleName) ?? replacedModules.count
    }

    /// `#if canImport(Moya)` asks for Courier now.
    private static func renameCanImport(_ draft: inout MigrationDraft) {
        let source = draft.source
        for position in source.code.indices where source.isIdentifier(position, "canImport") {
            if source.isPunctuation(position + 1, "("), source.isIdentifier(position + 2, "Moya"),
                source.isPunctuation(position + 3, ")")
            {
                draft.replace(position + 2, with: "Courier")
            }
        }
    }

    /// `@_exported import struct Moya.Endpoint` becomes `@_exported import Courier`.
    private static func rewrite(_ declaration: ImportDeclaration, in draft: inout MigrationDraft) {
        let source = draft.source
        for position in declaration.first..<declaration.keyword where source.isIdentifier(position, "@testable") {
            let index = source.code[position]
            draft.replaceToken(at: index, with: "")
            if source.tokens[index + 1].kind == .whitespace { draft.replaceToken(at: index + 1, with: "") }
        }
        let tail = (source.code[declaration.keyword] + 1)...source.code[declaration.last]
        for index in tail where source.tokens[index].kind != .comment {
            draft.replaceToken(at: index, with: "")
        }
        draft.replaceToken(at: source.code[declaration.keyword], with: "")
        draft.insert("import Courier", before: declaration.keyword)
    }

    /// Removes an import; a comment on its line stays, alone on the line; a line left empty goes.
    private static func removeLine(of declaration: ImportDeclaration, in draft: inout MigrationDraft) {
        let tokens = draft.source.tokens
        var start = draft.source.code[declaration.first]
        while start > 0, tokens[start - 1].kind == .whitespace { start -= 1 }
        var end = draft.source.code[declaration.last] + 1
        while end < tokens.count, tokens[end].kind != .newline { end += 1 }
        let keepsComment = tokens[start..<end].contains { $0.kind == .comment }
        for index in start..<end where tokens[index].kind != .comment {
            draft.replaceToken(at: index, with: "")
        }
        if !keepsComment, end < tokens.count { draft.replaceToken(at: end, with: "") }
        draft.countRewrite()
    }

    /// What precedes `import` on the declaration's line (indentation, `@_exported`, `public`),
    /// without `@testable`.
    private static func linePrefix(of declaration: ImportDeclaration, in source: SwiftSource) -> String {
        var start = source.code[declaration.first]
        while start > 0, source.tokens[start - 1].kind == .whitespace { start -= 1 }
        var prefix = ""
        var skipSpace = false
        for token in source.tokens[start..<source.code[declaration.keyword]] {
            if token.isIdentifier("@testable") {
                skipSpace = true
                continue
            }
            if skipSpace, token.kind == .whitespace {
                skipSpace = false
                continue
            }
            prefix += token.text
        }
        return prefix
    }
}
