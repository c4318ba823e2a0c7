/// A place the tool could not rewrite, and what the developer should do there.
struct HandNote: Equatable, Comparable {
    /// The line in the file as it was, from 1.
    let line: Int
    /// The line in the migrated file, from 1 (imports added or removed above move it).
    var migratedLine: Int
    /// What to do, as one sentence.
    let advice: String

    init(line: Int, migratedLine: Int? = nil, advice: String) {
        self.line = line
        self.migratedLine = migratedLine ?? line
        self.advice = advice
    }

    static func < (lhs: HandNote, rhs: HandNote) -> Bool {
        (lhs.line, lhs.advice) < (rhs.line, rhs.advice)
    }
}
