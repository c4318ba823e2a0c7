// The tokens of YAML's indicators: stream and document bounds, flow brackets, `-`, `?` and `:`.
extension YAMLScanner {
    /// At the end of the input: closes every block collection and queues `streamEnd`.
    mutating func fetchStreamEnd() throws(YAMLError) {
        if position != lineStart { lineStart = position }
        unrollIndent(to: -1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        append(.streamEnd, at: position)
        streamEndProduced = true
    }

    /// `---` or `...` at a line's start.
    mutating func fetchDocumentIndicator(_ kind: YAMLToken.Kind) throws(YAMLError) {
        unrollIndent(to: -1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        append(kind, at: position)
        position += 3
        if kind == .documentEnd {
            // Only a comment may follow `...` on its line.
            var offset = position
            while Self.isBlank(input.bytes[offset]) { offset += 1 }
            let byte = input.bytes[offset]
            guard Self.isBreakOrEnd(byte) || (byte == UInt8(ascii: "#") && offset > position) else {
                throw error("only a comment may follow '...' on its line", at: offset)
            }
        }
    }

    /// `[` or `{`.
    mutating func fetchFlowCollectionStart(_ kind: YAMLToken.Kind) throws(YAMLError) {
        try saveSimpleKey()
        try increaseFlowLevel(mapping: kind == .flowMappingStart)
        simpleKeyAllowed = true
        append(kind, at: position)
        position += 1
    }

    /// `]` or `}`.
    mutating func fetchFlowCollectionEnd(_ kind: YAMLToken.Kind) throws(YAMLError) {
        try removeSimpleKey()
        decreaseFlowLevel()
        simpleKeyAllowed = false
        append(kind, at: position)
        position += 1
        adjacentValueAllowed = flowLevel > 0
    }

    /// `,` in a flow collection.
    mutating func fetchFlowEntry() throws(YAMLError) {
        simpleKeyAllowed = true
        try removeSimpleKey()
        append(.flowEntry, at: position)
        position += 1
    }

    /// `- ` in block context.
    mutating func fetchBlockEntry() throws(YAMLError) {
        guard flowLevel == 0 else {
            throw error("'- ' cannot start an entry inside a flow collection; separate entries with ','", at: position)
        }
        guard simpleKeyAllowed else {
            throw error(
                "a block sequence entry ('- ') cannot start here: start it on a line of its own", at: position)
        }
        try rollIndent(
            to: column(at: position), kind: .blockSequenceStart, at: position, afterTab: isAfterTab(position))
        simpleKeyAllowed = true
        try removeSimpleKey()
        append(.blockEntry, at: position)
        position += 1
    }

    /// `? `, an explicit key.
    mutating func fetchKey() throws(YAMLError) {
        if flowLevel == 0 {
            guard simpleKeyAllowed else {
                throw error("an explicit key ('? ') cannot start here: start it on a line of its own", at: position)
            }
            try rollIndent(
                to: column(at: position), kind: .blockMappingStart, at: position, afterTab: isAfterTab(position))
        }
        simpleKeyAllowed = flowLevel == 0
        try removeSimpleKey()
        append(.key, at: position)
        position += 1
    }

    /// `:`, a value indicator: completes the possible implicit key before it, if any.
    mutating func fetchValue() throws(YAMLError) {
        let key = simpleKeys[flowLevel]
        if key.possible {
            insert(.key, at: key.offset, number: key.tokenNumber)
            try rollIndent(
                to: key.column, number: key.tokenNumber, kind: .blockMappingStart, at: key.offset,
                afterTab: key.afterTab)
            forgetSimpleKey(at: flowLevel)
            simpleKeyAllowed = false
        } else {
            if flowLevel == 0 {
                guard simpleKeyAllowed else {
                    throw error(
                        "a mapping value (': ') is not allowed here: quote a value that holds ': ', and keep a key"
                            + " on one line", at: position)
                }
                try rollIndent(
                    to: column(at: position), kind: .blockMappingStart, at: position,
                    afterTab: isAfterTab(position))
            }
            simpleKeyAllowed = flowLevel == 0
        }
        append(.value, at: position)
        position += 1
    }
}
