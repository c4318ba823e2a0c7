// Block and flow collections.
extension YAMLParser {
    // MARK: - Block

    /// After `-` of a block sequence, or its end.
    mutating func parseBlockSequenceEntry() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peekToken()
        switch token.kind {
        case .blockEntry:
            scanner.skipToken()
            let next = try scanner.peekToken()
            if next.kind == .blockEntry || next.kind == .blockEnd {
                state = .blockSequenceEntry
                return emptyScalar(at: next.start)
            }
            states.append(.blockSequenceEntry)
            return try parseNode(block: true, indentlessSequence: false)
        case .blockEnd:
            scanner.skipToken()
            popState()
            return YAMLEvent(kind: .sequenceEnd, start: token.start)
        default:
            throw scanner.error(
                "expected '- ' for the next entry of the block sequence, or a less indented line, found "
                    + Self.describe(token.kind), at: token.start)
        }
    }

    /// A sequence written at its mapping key's indentation (`key:` then `- item` lines).
    mutating func parseIndentlessSequenceEntry() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peekToken()
        guard token.kind == .blockEntry else {
            popState()
            return YAMLEvent(kind: .sequenceEnd, start: token.start)
        }
        scanner.skipToken()
        let next = try scanner.peekToken()
        switch next.kind {
        case .blockEntry, .key, .value, .blockEnd:
            state = .indentlessSequenceEntry
            return emptyScalar(at: next.start)
        default:
            states.append(.indentlessSequenceEntry)
            return try parseNode(block: true, indentlessSequence: false)
        }
    }

    /// A key of a block mapping, or its end.
    mutating func parseBlockMappingKey() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peekToken()
        switch token.kind {
        case .key:
            scanner.skipToken()
            let next = try scanner.peekToken()
            switch next.kind {
            case .key, .value, .blockEnd:
                state = .blockMappingValue
                return emptyScalar(at: next.start)
            default:
                states.append(.blockMappingValue)
                return try parseNode(block: true, indentlessSequence: true)
            }
        case .value:
            state = .blockMappingValue
            return emptyScalar(at: token.start)
        case .blockEnd:
            scanner.skipToken()
            popState()
            return YAMLEvent(kind: .mappingEnd, start: token.start)
        default:
            throw scanner.error(
                "expected a key ('key: value') of the block mapping, or a less indented line, found "
                    + Self.describe(token.kind), at: token.start)
        }
    }

    /// The value of a block mapping's key; an empty node when there is no `:`.
    mutating func parseBlockMappingValue() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peekToken()
        guard token.kind == .value else {
            state = .blockMappingKey
            return emptyScalar(at: token.start)
        }
        scanner.skipToken()
        let next = try scanner.peekToken()
        switch next.kind {
        case .key, .value, .blockEnd:
            state = .blockMappingKey
            return emptyScalar(at: next.start)
        default:
            states.append(.blockMappingKey)
            return try parseNode(block: true, indentlessSequence: true)
        }
    }

    // MARK: - Flow

    /// An entry of `[ … ]`; a `key: value` entry is a mapping of one pair.
    mutating func parseFlowSequenceEntry(first: Bool) throws(YAMLError) -> YAMLEvent {
        var token = try scanner.peekToken()
        if token.kind != .flowSequenceEnd {
            if !first {
                guard token.kind == .flowEntry else {
                    throw scanner.error(
                        "expected ',' or ']' in the flow sequence, found \(Self.describe(token.kind))", at: token.start)
                }
                scanner.skipToken()
                token = try scanner.peekToken()
            }
            switch token.kind {
            case .key:
                scanner.skipToken()
                state = .flowSequenceEntryMappingKey
                return YAMLEvent(kind: .mappingStart, start: token.start)
            case .value:
                state = .flowSequenceEntryMappingKey
                return YAMLEvent(kind: .mappingStart, start: token.start)
            case .flowSequenceEnd:
                break
            default:
                states.append(.flowSequenceEntry)
                return try parseNode(block: false, indentlessSequence: false)
            }
        }
        scanner.skipToken()
        popState()
        return YAMLEvent(kind: .sequenceEnd, start: token.start)
    }

    /// The key of a one-pair mapping in a flow sequence.
    mutating func parseFlowSequenceEntryMappingKey() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peekToken()
        switch token.kind {
        case .value, .flowEntry, .flowSequenceEnd:
            state = .flowSequenceEntryMappingValue
            return emptyScalar(at: token.start)
        default:
            states.append(.flowSequenceEntryMappingValue)
            return try parseNode(block: false, indentlessSequence: false)
        }
    }

    /// The value of a one-pair mapping in a flow sequence.
    mutating func parseFlowSequenceEntryMappingValue() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peekToken()
        if token.kind == .value {
            scanner.skipToken()
            let next = try scanner.peekToken()
            if next.kind != .flowEntry && next.kind != .flowSequenceEnd {
                states.append(.flowSequenceEntryMappingEnd)
                return try parseNode(block: false, indentlessSequence: false)
            }
            state = .flowSequenceEntryMappingEnd
            return emptyScalar(at: next.start)
        }
        state = .flowSequenceEntryMappingEnd
        return emptyScalar(at: token.start)
    }

    /// A key of `{ … }`, or its end.
    mutating func parseFlowMappingKey(first: Bool) throws(YAMLError) -> YAMLEvent {
        var token = try scanner.peekToken()
        if token.kind != .flowMappingEnd {
            if !first {
                guard token.kind == .flowEntry else {
                    throw scanner.error(
                        "expected ',' or '}' in the flow mapping, found \(Self.describe(token.kind))", at: token.start)
                }
                scanner.skipToken()
                token = try scanner.peekToken()
            }
            switch token.kind {
            case .key:
                scanner.skipToken()
                let next = try scanner.peekToken()
                switch next.kind {
                case .value, .flowEntry, .flowMappingEnd:
                    state = .flowMappingValue
                    return emptyScalar(at: next.start)
                default:
                    states.append(.flowMappingValue)
                    return try parseNode(block: false, indentlessSequence: false)
                }
            case .value:
                state = .flowMappingValue
                return emptyScalar(at: token.start)
            case .flowMappingEnd:
                break
            default:
                states.append(.flowMappingEmptyValue)
                return try parseNode(block: false, indentlessSequence: false)
            }
        }
        scanner.skipToken()
        popState()
        return YAMLEvent(kind: .mappingEnd, start: token.start)
    }

    /// The value of a flow mapping's key; an empty node when there is no `:` (`empty`).
    mutating func parseFlowMappingValue(empty: Bool) throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peekToken()
        state = .flowMappingKey
        guard !empty, token.kind == .value else { return emptyScalar(at: token.start) }
        scanner.skipToken()
        let next = try scanner.peekToken()
        if next.kind != .flowEntry && next.kind != .flowMappingEnd {
            states.append(.flowMappingKey)
            return try parseNode(block: false, indentlessSequence: false)
        }
        return emptyScalar(at: next.start)
    }
}
