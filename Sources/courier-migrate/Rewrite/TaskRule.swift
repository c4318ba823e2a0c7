/// Tells Moya's `Task` from Swift Concurrency's. In a file that imports Moya, a bare `Task` is
/// Moya's (it shadows Swift's), so apps wrote `_Concurrency.Task` for Swift's; still, code written
/// after a partial migration may use Swift's `Task { … }`, `Task(priority:)`, `Task<…>` or
/// `Task.sleep`, and those keep their name.
enum TaskRule {
    /// Whether the `Task` at `position` means Moya's type.
    static func isMoyaTask(at position: Int, in source: SwiftSource) -> Bool {
        if source.isPunctuation(position + 1, "<") { return false }
        if let previous = source[position - 1], typePositionMarks.contains(previous.text) {
            return true  // `var task: Task { … }`, `-> Task`, `as? Task`
        }
        if source.isPunctuation(position + 1, "{") || source.isPunctuation(position + 1, "(") { return false }
        if source.isPunctuation(position + 1, ".") {
            guard let member = source[position + 2] else { return false }
            return NameTable.taskCases.contains(member.text)
        }
        return true
    }

    /// What stands before a type: `:`, `->`, `as`, `is`, `[`, `,` in a list of types…
    private static let typePositionMarks: Set<String> = [":", "->", "as", "is", "[", "<", "extension", "=="]
}
