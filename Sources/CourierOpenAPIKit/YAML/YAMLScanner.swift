/// Turns the bytes of a YAML stream into tokens: the first stage of ``YAMLReader``.
///
/// It works as the YAML 1.2 reference scanners do. Indentation becomes explicit
/// `blockSequenceStart` / `blockMappingStart` … `blockEnd` tokens; an implicit key (`key: value`)
/// is only known to be a key when its `:` arrives, so every place a key could start is remembered
/// as a "simple key" and a `key` token is inserted before it afterwards. A simple key must end
/// within 1024 bytes (and on its line, except in a flow mapping), which bounds how far tokens are
/// queued ahead.
///
/// Positions are byte offsets; a line and column are only worked out for an error.
struct YAMLScanner {
    /// A place where an implicit key may have started, kept until its `:` or until it cannot be one.
    struct SimpleKey {
        /// The key can still be completed by a `:`.
        var possible = false
        /// It sits at its block mapping's indentation, so it must be a key.
        var required = false
        /// The number of the first token of the key, counted from the stream's start.
        var tokenNumber = 0
        /// Its byte offset, the start of its line and its column.
        var offset = 0
        var lineStart = 0
        var column = 0
        /// A tab is in the blanks just before it, so it cannot open a block mapping.
        var afterTab = false
        /// It is in a flow mapping, where a key may go on over several lines.
        var mayBreakLines = false
    }

    /// The checked input.
    let input: YAMLInput
    /// The byte offset of the next byte to scan.
    var position = 0
    /// Where the line that holds `position` starts.
    var lineStart = 0
    /// How deeply flow collections are open here.
    var flowLevel = 0
    /// The indentation column of the innermost block collection, -1 at the top.
    var indent = -1
    /// The enclosing block collections' indentation columns.
    var indents: [Int] = []
    /// A simple key may start at `position`.
    var simpleKeyAllowed = false
    /// One possible simple key per flow level (index 0 is block context).
    var simpleKeys: [SimpleKey] = [SimpleKey()]
    /// Whether each open flow collection, outermost first, is a mapping.
    var flowMappingLevels: [Bool] = []
    /// The flow levels whose simple key is possible, so that checking them costs what they are,
    /// not the nesting depth.
    var possibleKeyLevels: [Int] = []
    /// A `:` right after a JSON-like node (a quoted scalar or a flow collection) in a flow
    /// collection is a value indicator even with no space after it (`{"a":1}`).
    var adjacentValueAllowed = false

    /// Tokens scanned but not yet taken; the queue starts at `queueHead`.
    private var queue: [YAMLToken] = []
    private var queueHead = 0
    /// How many tokens the parser has taken.
    private(set) var tokensTaken = 0
    private var streamStartProduced = false
    /// The `streamEnd` token is queued: nothing more will be scanned.
    var streamEndProduced = false
    /// The column of `columnCache.offset`, on the line starting at `columnCache.lineStart`: columns
    /// are counted on from the last one asked, so a long line costs linear time.
    private var columnCache = (lineStart: 0, offset: 0, column: 0)

    /// A scanner over `input`.
    init(input: YAMLInput) {
        self.input = input
    }

    // MARK: - The parser's side

    /// The next token, left in place.
    mutating func peekToken() throws(YAMLError) -> YAMLToken {
        while try needsMoreTokens() { try fetchNextToken() }
        guard queueHead < queue.count else { return YAMLToken(kind: .streamEnd, start: input.count) }
        return queue[queueHead]
    }

    /// Drops the token `peekToken()` returned.
    mutating func skipToken() {
        guard queueHead < queue.count else { return }
        queueHead += 1
        tokensTaken += 1
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        }
    }

    /// Whether the queue's head can be handed out: not while it may still need a `key` inserted
    /// before it.
    private mutating func needsMoreTokens() throws(YAMLError) -> Bool {
        if streamEndProduced { return false }
        if queueHead == queue.count { return true }
        try staleSimpleKeys()
        for level in possibleKeyLevels where simpleKeys[level].tokenNumber == tokensTaken { return true }
        return false
    }

    // MARK: - Queue

    /// Queues a token at the end.
    mutating func append(_ kind: YAMLToken.Kind, at start: Int) {
        queue.append(YAMLToken(kind: kind, start: start))
    }

    /// Queues a token before the one numbered `number` (counted from the stream's start).
    mutating func insert(_ kind: YAMLToken.Kind, at start: Int, number: Int) {
        queue.insert(YAMLToken(kind: kind, start: start), at: queueHead + number - tokensTaken)
    }

    /// The number the next appended token will have.
    var nextTokenNumber: Int { tokensTaken + queue.count - queueHead }

    // MARK: - Fetching

    /// Scans at least one more token into the queue (a reserved directive may add none).
    private mutating func fetchNextToken() throws(YAMLError) {
        guard streamStartProduced else {
            streamStartProduced = true
            simpleKeyAllowed = true
            append(.streamStart, at: 0)
            return
        }
        try skipToNextToken()
        try staleSimpleKeys()
        if flowLevel == 0 { unrollIndent(to: column(at: position)) }
        guard position < input.count else { return try fetchStreamEnd() }
        let byte = input.bytes[position]
        let next = input.bytes[position + 1]
        if position == lineStart {
            if byte == UInt8(ascii: "%") { return try fetchDirective() }
            if isDocumentMarker(at: position) {
                return try fetchDocumentIndicator(byte == UInt8(ascii: "-") ? .documentStart : .documentEnd)
            }
        }
        let inFlow = flowLevel > 0
        let afterJSONNode = adjacentValueAllowed
        adjacentValueAllowed = false
        switch byte {
        case UInt8(ascii: "["): try fetchFlowCollectionStart(.flowSequenceStart)
        case UInt8(ascii: "{"): try fetchFlowCollectionStart(.flowMappingStart)
        case UInt8(ascii: "]"): try fetchFlowCollectionEnd(.flowSequenceEnd)
        case UInt8(ascii: "}"): try fetchFlowCollectionEnd(.flowMappingEnd)
        case UInt8(ascii: ","): try fetchFlowEntry()
        case UInt8(ascii: "-") where Self.isBlankOrEnd(next): try fetchBlockEntry()
        case UInt8(ascii: "?") where Self.isBlankOrEnd(next): try fetchKey()
        case UInt8(ascii: ":")
        where Self.isBlankOrEnd(next) || (inFlow && (Self.isFlowIndicator(next) || afterJSONNode)):
            try fetchValue()
        case UInt8(ascii: "*"): try fetchAnchorOrAlias(alias: true)
        case UInt8(ascii: "&"): try fetchAnchorOrAlias(alias: false)
        case UInt8(ascii: "!"): try fetchTag()
        case UInt8(ascii: "|") where !inFlow: try fetchBlockScalar(folded: false)
        case UInt8(ascii: ">") where !inFlow: try fetchBlockScalar(folded: true)
        case UInt8(ascii: "'"): try fetchFlowScalar(double: false)
        case UInt8(ascii: "\""): try fetchFlowScalar(double: true)
        default:
            guard canStartPlainScalar(byte, next: next) else { throw unexpectedCharacter(byte) }
            try fetchPlainScalar()
        }
    }

    /// The error for a character no token can start with.
    private func unexpectedCharacter(_ byte: UInt8) -> YAMLError {
        let message: String
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "`"):
            message = "'\(Character(UnicodeScalar(byte)))' is reserved and cannot start a plain scalar; quote the value"
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            message = "a block scalar ('|' or '>') cannot appear inside a flow collection"
        case UInt8(ascii: "%"):
            message = "'%' cannot start a plain scalar (directives start a line); quote the value"
        case UInt8(ascii: "#"):
            message = "a comment needs a space before its '#'"
        case UInt8(ascii: "\t"):
            message = "a tab cannot indent a line; use spaces"
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            message = "'\(Character(UnicodeScalar(byte)))' followed by a flow indicator cannot start a value; quote it"
        default:
            message = "expected a value, found '\(Character(UnicodeScalar(byte)))'"
        }
        return input.error(at: position, message)
    }

    /// Whether a plain scalar can start with `byte` (followed by `next`): YAML's ns-plain-first.
    private func canStartPlainScalar(_ byte: UInt8, next: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            return !Self.isBlankOrEnd(next) && !(flowLevel > 0 && Self.isFlowIndicator(next))
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
            UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"):
            return false
        default:
            return !Self.isBlankOrEnd(byte)
        }
    }

    // MARK: - Positions

    /// The column (from 0, in Unicode scalars) of `offset`, which is on the current line.
    mutating func column(at offset: Int) -> Int {
        if columnCache.lineStart != lineStart || offset < columnCache.offset {
            columnCache = (lineStart, lineStart, 0)
        }
        var column = columnCache.column
        var index = columnCache.offset
        while index < offset {
            if input.bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        columnCache = (lineStart, offset, column)
        return column
    }

    /// An error at byte `offset`.
    func error(_ message: String, at offset: Int) -> YAMLError {
        input.error(at: offset, message)
    }
}
