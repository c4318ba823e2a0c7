/// One file on its way from Moya to Courier: its code, the edits planned so far, how many
/// rewrites they make, and the places left for the developer.
struct MigrationDraft {
    let source: SwiftSource
    /// Types the file declares itself; never renamed.
    let declaredTypeNames: Set<String>
    private(set) var edits = TokenEdits()
    private(set) var rewrites = 0
    /// The notes so far, each with the index of the token it is about.
    private var notes: [(token: Int, note: HandNote)] = []

    init(source: SwiftSource) {
        self.source = source
        declaredTypeNames = source.declaredTypeNames
    }

    /// Replaces the code token at `position`, counting one rewrite.
    mutating func replace(_ position: Int, with text: String) {
        let index = source.code[position]
        guard !edits.isReplaced(index), source.tokens[index].text != text else { return }
        edits.replace(index, with: text)
        rewrites += 1
    }

    /// Counts one rewrite made of uncounted token edits.
    mutating func countRewrite() {
        rewrites += 1
    }

    /// Replaces any token (whitespace included) by its index into the file's tokens, without counting.
    mutating func replaceToken(at index: Int, with text: String) {
        edits.replace(index, with: text)
    }

    /// Inserts `text` before the code token at `position` (or at the end of the file when
    /// `position` is past the last one), counting one rewrite.
    mutating func insert(_ text: String, before position: Int) {
        let index = position < source.code.count ? source.code[position] : source.tokens.count
        edits.insert(text, before: index)
        rewrites += 1
    }

    /// Inserts `text` before the token at `index` (an index into the file's tokens; the number of
    /// tokens for the end of the file), counting one rewrite only when asked.
    mutating func insertBeforeToken(at index: Int, _ text: String, counting: Bool = false) {
        edits.insert(text, before: index)
        if counting { rewrites += 1 }
    }

    /// Whether the code token at `position` already has a replacement.
    func isRewritten(_ position: Int) -> Bool {
        edits.isReplaced(source.code[position])
    }

    /// Records a place to fix by hand on the line of the code token at `position`, once per line and advice.
    mutating func note(at position: Int, _ advice: String) {
        guard let token = source[position] else { return }
        let note = HandNote(line: token.line, advice: advice)
        if !notes.contains(where: { $0.note == note }) { notes.append((source.code[position], note)) }
    }

    /// The migrated text, and the notes sorted by line, with their lines in that text.
    func result() -> (text: String, notes: [HandNote]) {
        let (text, lines) = edits.applied(to: source.tokens)
        let placed = notes.map { token, note in
            var note = note
            note.migratedLine = lines[token]
            return note
        }
        return (text, placed.sorted())
    }
}
