// Documents: directives, `---`, `...` and the rules YAML 1.2 sets between documents.
extension YAMLParser {
    /// The start of a document, or the end of the stream.
    mutating func parseDocumentStart() throws(YAMLError) -> YAMLEvent {
        var token = try scanner.peekToken()
        while token.kind == .documentEnd {
            scanner.skipToken()
            documentOpen = false
            token = try scanner.peekToken()
        }
        if token.kind == .streamEnd {
            state = .end
            return YAMLEvent(kind: .streamEnd, start: token.start)
        }
        tagHandles = Self.defaultTagHandles
        let start = token.start
        switch token.kind {
        case .versionDirective, .tagDirective, .documentStart:
            if token.kind != .documentStart && documentOpen {
                throw scanner.error("a directive must follow '...', which ends the document before it", at: start)
            }
            try parseDirectives()
            token = try scanner.peekToken()
            guard token.kind == .documentStart else {
                throw scanner.error(
                    "expected '---' after the directives, found \(Self.describe(token.kind))", at: token.start)
            }
            scanner.skipToken()
            states.append(.documentEnd)
            state = .documentContent
        default:
            if documentOpen {
                throw scanner.error(
                    "expected '---' or the end of the stream after the document, found \(Self.describe(token.kind))",
                    at: start)
            }
            states.append(.documentEnd)
            state = .blockNode
        }
        return YAMLEvent(kind: .documentStart, start: start)
    }

    /// `%YAML` (at most once) and `%TAG` (once per handle) before a document.
    private mutating func parseDirectives() throws(YAMLError) {
        var sawVersion = false
        var declared: Set<String> = []
        while true {
            let token = try scanner.peekToken()
            switch token.kind {
            case .versionDirective:
                if sawVersion { throw scanner.error("a document has at most one %YAML directive", at: token.start) }
                sawVersion = true
            case .tagDirective(let handle, let prefix):
                guard declared.insert(handle).inserted else {
                    throw scanner.error("tag handle '\(handle)' is declared twice", at: token.start)
                }
                tagHandles[handle] = prefix
            default:
                return
            }
            scanner.skipToken()
        }
    }

    /// The content of an explicit document, which may be empty.
    mutating func parseDocumentContent() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peekToken()
        switch token.kind {
        case .versionDirective, .tagDirective, .documentStart, .documentEnd, .streamEnd:
            popState()
            return emptyScalar(at: token.start)
        default:
            return try parseNode(block: true, indentlessSequence: false)
        }
    }

    /// The end of a document: `...`, or what starts the next one.
    mutating func parseDocumentEnd() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peekToken()
        switch token.kind {
        case .documentEnd:
            scanner.skipToken()
            documentOpen = false
        case .documentStart, .streamEnd, .versionDirective, .tagDirective:
            documentOpen = true
        default:
            throw scanner.error(
                "expected the end of the document, found \(Self.describe(token.kind)) after its root node"
                    + " (is it indented as its parent?)", at: token.start)
        }
        state = .documentStart
        return YAMLEvent(kind: .documentEnd, start: token.start)
    }
}
