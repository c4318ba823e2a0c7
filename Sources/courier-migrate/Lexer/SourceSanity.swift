/// Checks that a file's tokens look like whole Swift code before anything is rewritten: brackets
/// that balance, no merge-conflict markers. A file that fails is left untouched.
enum SourceSanity {
    /// Why the file does not look like Swift the tool can rewrite, or `nil` when it does.
    static func problem(in tokens: [Token]) -> LexError? {
        var stack: [(mark: String, line: Int)] = []
        var hasConditionalBranches = false
        var atLineStart = true
        for (index, token) in tokens.enumerated() {
            defer { atLineStart = token.kind == .newline || (atLineStart && token.kind == .whitespace) }
            if token.kind == .identifier, token.text == "#else" || token.text == "#elseif" {
                hasConditionalBranches = true
            }
            if atLineStart, token.kind == .punctuation, ["<", ">", "="].contains(token.text),
                isConflictMarker(at: index, in: tokens)
            {
                return LexError(line: token.line, reason: "merge-conflict marker")
            }
            guard token.kind == .punctuation else { continue }
            switch token.text {
            case "(", "[", "{":
                stack.append((token.text, token.line))
            case ")", "]", "}":
                guard let open = stack.popLast(), Self.closing[open.mark] == token.text else {
                    if hasConditionalBranches { return nil }
                    return LexError(line: token.line, reason: "unbalanced `\(token.text)`")
                }
            default:
                continue
            }
        }
        if let open = stack.last, !hasConditionalBranches {
            return LexError(line: open.line, reason: "unclosed `\(open.mark)`")
        }
        return nil
    }

    private static let closing = ["(": ")", "[": "]", "{": "}"]

    /// Seven identical marks at the start of a line: `<<<<<<<`, `=======`, `>>>>>>>`.
    private static func isConflictMarker(at index: Int, in tokens: [Token]) -> Bool {
        let run = tokens[index...].prefix(7)
        return run.count == 7 && run.allSatisfy { $0.kind == .punctuation && $0.text == tokens[index].text }
    }
}
