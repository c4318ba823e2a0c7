/// In Moya, `case let .requestParameters(parameters, encoding)` binds a `[String: Any]`; in Courier
/// it binds ``RequestParameters``, which has subscripts, `keys`, `count` and iteration but not the
/// dictionary methods an app added (`parameters.merged(with: common)`). A member the bound name
/// does not have gets a note pointing at `.dictionary`.
enum TaskParameterBindingFinder {
    static func run(_ draft: inout MigrationDraft) {
        let source = draft.source
        for position in source.code.indices {
            guard let name = source[position], let slots = parameterSlots[name.text],
                source.isPunctuation(position - 1, "."), source.isPunctuation(position + 1, "("),
                let close = source.closingBracket(of: position + 1), isPattern(before: position - 1, in: source)
            else { continue }
            let bound = boundNames(from: position + 1, to: close, slots: slots, in: source)
            guard !bound.isEmpty else { continue }
            for use in close + 1..<scopeEnd(after: close, in: source) {
                guard let token = source[use], bound.contains(token.text), source.isPunctuation(use + 1, "."),
                    !source.isPunctuation(use - 1, "."), let member = source[use + 2], member.kind == .identifier,
                    !knownMembers.contains(member.text)
                else { continue }
                draft.note(at: use, HandAdvice.boundTaskParameters(token.text, member.text))
            }
        }
    }

    /// The argument positions that hold parameters, by task case.
    private static let parameterSlots: [String: Set<Int>] = [
        "requestParameters": [0], "requestCompositeParameters": [0, 2], "requestCompositeData": [1],
        "uploadCompositeMultipart": [1], "uploadCompositeMultipartFormData": [1], "downloadParameters": [0],
    ]

    /// What ``RequestParameters`` has, and the `Sequence` methods apps call on parameters.
    private static let knownMembers: Set<String> = [
        "keys", "count", "isEmpty", "dictionary", "description", "makeIterator", "map", "compactMap", "filter",
        "forEach", "contains", "first", "reduce", "sorted", "enumerated", "lazy", "allSatisfy", "flatMap",
    ]

    /// Whether the `.` at `dot` starts a pattern: `case`, `case let`, `if case`, after a `,` of one.
    private static func isPattern(before dot: Int, in source: SwiftSource) -> Bool {
        var current = dot - 1
        if source.isIdentifier(current, "let") || source.isIdentifier(current, "var") { current -= 1 }
        return source.isIdentifier(current, "case")
    }

    /// The names bound at the parameter slots: `parameters` in `(parameters, encoding)` after
    /// `case let`, or in `(let parameters, _)`; a label before it (`urlParameters: p`) is skipped.
    private static func boundNames(from open: Int, to close: Int, slots: Set<Int>, in source: SwiftSource)
        -> Set<String>
    {
        var names: Set<String> = []
        var slot = 0
        var current = open + 1
        while current < close, let token = source[current] {
            if token.isPunctuation(",") {
                slot += 1
            } else if slots.contains(slot), token.kind == .identifier, !["let", "var", "_"].contains(token.text),
                !source.isPunctuation(current + 1, ":"), source.isPunctuation(current + 1, ",") || current + 1 == close
            {
                names.insert(token.text)
            }
            current += 1
        }
        return names
    }

    /// Where the pattern's names stop being visible: the next `case` or `default` at the same depth,
    /// or the `}` that closes the block the pattern is in.
    private static func scopeEnd(after close: Int, in source: SwiftSource) -> Int {
        var depth = 0
        var current = close + 1
        while let token = source[current] {
            if token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation("}") {
                depth -= 1
                if depth < 0 { return current }
            }
            if depth == 0, token.kind == .identifier, ["case", "default"].contains(token.text),
                !source.isPunctuation(current - 1, "."), !source.isIdentifier(current - 1, "if"),
                !source.isIdentifier(current - 1, "guard"), !source.isPunctuation(current - 1, ",")
            {
                return current
            }
            current += 1
        }
        return current
    }
}
