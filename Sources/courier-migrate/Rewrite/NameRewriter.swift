/// Renames Moya's names to Courier's in code: module-qualified names (`Moya.Task`), nested names
/// (`MultipartFormData.FormDataProvider`), the multipart `Task` cases, Moya's `Task` itself and the
/// other renamed types. Names the file declares itself, members of other types, declarations and
/// argument labels keep their names.
enum NameRewriter {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        for position in source.code.indices {
            guard let token = source[position], token.kind == .identifier, !draft.isRewritten(position) else {
                continue
            }
            if source.isPunctuation(position - 1, ".") {
                if let member = NameTable.renamedMembers[token.text] { draft.replace(position, with: member) }
            } else if source.isPunctuation(position + 1, "."), token.text == "Moya" || token.text == "Alamofire" {
                qualified(at: position, in: &draft)
            } else if isTypeReference(at: position, in: draft) {
                rename(at: position, in: &draft)
            }
        }
    }

    /// `Moya.X` and `Alamofire.X`: the Courier name with its module, or a note when there is none.
    private static func qualified(at position: Int, in draft: inout MigrationDraft) {
        let source = draft.source
        guard let name = source[position + 2], name.kind == .identifier, let module = source[position] else { return }
        if nested(at: position + 2, in: &draft) {
            draft.replace(position, with: "Courier")
            return
        }
        if module.text == "Moya", let courierName = NameTable.qualifiedCourierName(forMoya: name.text) {
            let parts = courierName.split(separator: ".", maxSplits: 1).map(String.init)
            draft.replace(position, with: parts[0])
            draft.replaceToken(at: source.code[position + 2], with: parts[1])
        } else if module.text == "Alamofire", NameTable.alamofireNamesInCourier.contains(name.text) {
            draft.replace(position, with: "Courier")
        }
    }

    /// `MultipartFormData.FormDataProvider` → `FormDataProvider`, `DownloadRequest.Options` → `DownloadOptions`.
    private static func nested(at position: Int, in draft: inout MigrationDraft) -> Bool {
        let source = draft.source
        guard let outer = source[position], source.isPunctuation(position + 1, "."),
            let inner = source[position + 2],
            let renamed = NameTable.renamedNestedTypes[outer.text]?[inner.text]
        else { return false }
        draft.replace(position, with: renamed)
        draft.replaceToken(at: source.code[position + 1], with: "")
        draft.replaceToken(at: source.code[position + 2], with: "")
        return true
    }

    private static func rename(at position: Int, in draft: inout MigrationDraft) {
        let source = draft.source
        guard let token = source[position] else { return }
        if nested(at: position, in: &draft) { return }
        if token.text == "Task" {
            if TaskRule.isMoyaTask(at: position, in: source) { draft.replace(position, with: "HTTPTask") }
        } else if let renamed = NameTable.renamedTypes[token.text] {
            draft.replace(position, with: renamed)
        }
    }

    /// Whether the identifier at `position` refers to a type by name: not a name being declared,
    /// not an argument label, not one of the file's own types.
    static func isTypeReference(at position: Int, in draft: MigrationDraft) -> Bool {
        let source = draft.source
        guard let token = source[position], !draft.declaredTypeNames.contains(token.text) else { return false }
        if let previous = source[position - 1], previous.kind == .identifier,
            declarationKeywords.contains(previous.text)
        {
            return false
        }
        let isLabel =
            source.isPunctuation(position + 1, ":")
            && (source.isPunctuation(position - 1, "(") || source.isPunctuation(position - 1, ","))
        return !isLabel
    }

    private static let declarationKeywords: Set<String> = [
        "func", "var", "let", "case", "class", "struct", "enum", "protocol", "typealias", "actor",
        "associatedtype", "import", "init",
    ]
}
