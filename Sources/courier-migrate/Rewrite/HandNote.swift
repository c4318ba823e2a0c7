/// A place the tool could not rewrite, and what the developer should do there.
struct HandNote: Equatable, Comparable {
    /// The line, from 1.
    let line: Int
    /// What to do, as one sentence.
    let advice: String

    static func < (lhs: HandNote, rhs: HandNote) -> Bool {
        (lhs.line, lhs.advice) < (rhs.line, rhs.advice)
    }
}
