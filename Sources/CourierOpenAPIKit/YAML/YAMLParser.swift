/// Turns the scanner's tokens into events: the second stage of ``YAMLReader``.
///
/// A state machine with an explicit stack of states to return to, as YAML's reference parsers
/// are, so that nesting costs no recursion; the scanner bounds the nesting depth.
struct YAMLParser {
    /// Where the parser is in YAML's grammar.
    enum State {
        case streamStart
        case documentStart
        case documentContent
        case documentEnd
        case blockNode
        case blockSequenceFirstEntry
        case blockSequenceEntry
        case indentlessSequenceEntry
        case blockMappingFirstKey
        case blockMappingKey
        case blockMappingValue
        case flowSequenceFirstEntry
        case flowSequenceEntry
        case flowSequenceEntryMappingKey
        case flowSequenceEntryMappingValue
        case flowSequenceEntryMappingEnd
        case flowMappingFirstKey
        case flowMappingKey
        case flowMappingValue
        case flowMappingEmptyValue
        case end
    }

    /// The token source.
    var scanner: YAMLScanner
    /// The current state.
    var state = State.streamStart
    /// The states to return to when the current node ends.
    var states: [State] = []
    /// The current document's tag handles and their prefixes.
    var tagHandles: [String: String] = YAMLParser.defaultTagHandles
    /// The last document ended without `...`: another may follow only after `---`, without directives.
    var documentOpen = false

    /// `!` and `!!`, as every document starts with them.
    static let defaultTagHandles = ["!": "!", "!!": "tag:yaml.org,2002:"]

    /// A parser over `input`.
    init(input: YAMLInput) {
        scanner = YAMLScanner(input: input)
    }

    /// The next event.
    mutating func next() throws(YAMLError) -> YAMLEvent {
        switch state {
        case .streamStart:
            let token = try scanner.peekToken()
            scanner.skipToken()
            state = .documentStart
            return YAMLEvent(kind: .streamStart, start: token.start)
        case .documentStart: return try parseDocumentStart()
        case .documentContent: return try parseDocumentContent()
        case .documentEnd: return try parseDocumentEnd()
        case .blockNode: return try parseNode(block: true, indentlessSequence: false)
        case .blockSequenceFirstEntry:
            scanner.skipToken()
            return try parseBlockSequenceEntry()
        case .blockSequenceEntry: return try parseBlockSequenceEntry()
        case .indentlessSequenceEntry: return try parseIndentlessSequenceEntry()
        case .blockMappingFirstKey:
            scanner.skipToken()
            return try parseBlockMappingKey()
        case .blockMappingKey: return try parseBlockMappingKey()
        case .blockMappingValue: return try parseBlockMappingValue()
        case .flowSequenceFirstEntry:
            scanner.skipToken()
            return try parseFlowSequenceEntry(first: true)
        case .flowSequenceEntry: return try parseFlowSequenceEntry(first: false)
        case .flowSequenceEntryMappingKey: return try parseFlowSequenceEntryMappingKey()
        case .flowSequenceEntryMappingValue: return try parseFlowSequenceEntryMappingValue()
        case .flowSequenceEntryMappingEnd:
            state = .flowSequenceEntry
            return YAMLEvent(kind: .mappingEnd, start: try scanner.peekToken().start)
        case .flowMappingFirstKey:
            scanner.skipToken()
            return try parseFlowMappingKey(first: true)
        case .flowMappingKey: return try parseFlowMappingKey(first: false)
        case .flowMappingValue: return try parseFlowMappingValue(empty: false)
        case .flowMappingEmptyValue: return try parseFlowMappingValue(empty: true)
        case .end: return YAMLEvent(kind: .streamEnd, start: scanner.input.count)
        }
    }

    // MARK: - Nodes

    /// A node: an alias, or properties (anchor, tag) and content.
    mutating func parseNode(block: Bool, indentlessSequence: Bool) throws(YAMLError) -> YAMLEvent {
        var token = try scanner.peekToken()
        let start = token.start
        if case .alias(let name) = token.kind {
            scanner.skipToken()
            popState()
            return YAMLEvent(kind: .alias(name), start: start)
        }
        var anchor: String? = nil
        var tag: String? = nil
        while true {
            if case .anchor(let name) = token.kind {
                guard anchor == nil else { throw scanner.error("a node has at most one anchor", at: token.start) }
                anchor = name
            } else if case .tag(let handle, let suffix) = token.kind {
                guard tag == nil else { throw scanner.error("a node has at most one tag", at: token.start) }
                tag = try resolveTag(handle: handle, suffix: suffix, at: token.start)
            } else {
                break
            }
            scanner.skipToken()
            token = try scanner.peekToken()
        }
        var event = YAMLEvent(kind: .sequenceStart, anchor: anchor, tag: tag, start: start)
        switch token.kind {
        case .blockEntry where indentlessSequence:
            state = .indentlessSequenceEntry
        case .scalar(let value, let style):
            scanner.skipToken()
            popState()
            event.kind = .scalar(value, style)
        case .flowSequenceStart:
            state = .flowSequenceFirstEntry
        case .flowMappingStart:
            state = .flowMappingFirstKey
            event.kind = .mappingStart
        case .blockSequenceStart where block:
            state = .blockSequenceFirstEntry
        case .blockMappingStart where block:
            state = .blockMappingFirstKey
            event.kind = .mappingStart
        case .alias:
            throw scanner.error("an alias cannot have an anchor or a tag", at: token.start)
        default:
            guard anchor != nil || tag != nil else {
                throw scanner.error("expected a value, found \(Self.describe(token.kind))", at: token.start)
            }
            popState()
            event.kind = .scalar("", .plain)
        }
        return event
    }

    /// An empty node (null) at `offset`.
    func emptyScalar(at offset: Int) -> YAMLEvent {
        YAMLEvent(kind: .scalar("", .plain), start: offset)
    }

    /// Returns to the state the current node was entered from.
    mutating func popState() {
        state = states.popLast() ?? .end
    }

    /// The full tag a shorthand stands for in this document.
    private func resolveTag(handle: String, suffix: String, at offset: Int) throws(YAMLError) -> String {
        if handle.isEmpty { return suffix }
        if handle == "!" && suffix.isEmpty { return "!" }
        guard let prefix = tagHandles[handle] else {
            throw scanner.error("tag handle '\(handle)' is not declared by a %TAG directive", at: offset)
        }
        return prefix + suffix
    }

    /// How an error message names a token.
    static func describe(_ kind: YAMLToken.Kind) -> String {
        switch kind {
        case .streamStart: return "the start of the stream"
        case .streamEnd: return "the end of the stream"
        case .versionDirective, .tagDirective: return "a directive"
        case .documentStart: return "'---'"
        case .documentEnd: return "'...'"
        case .blockSequenceStart: return "a block sequence indented more than the lines before it"
        case .blockMappingStart: return "a block mapping indented more than the lines before it"
        case .blockEnd: return "the end of a block collection (a less indented line)"
        case .flowSequenceStart: return "'['"
        case .flowSequenceEnd: return "']'"
        case .flowMappingStart: return "'{'"
        case .flowMappingEnd: return "'}'"
        case .blockEntry: return "'-'"
        case .flowEntry: return "','"
        case .key: return "a key"
        case .value: return "':'"
        case .alias: return "an alias"
        case .anchor: return "an anchor"
        case .tag: return "a tag"
        case .scalar: return "a scalar"
        }
    }
}
