// Implicit keys and indentation: where the scanner inserts `key`, `blockMappingStart`,
// `blockSequenceStart` and `blockEnd` tokens.
extension YAMLScanner {
    /// Remembers `position` as where an implicit key may start, when one may.
    mutating func saveSimpleKey() throws(YAMLError) {
        guard simpleKeyAllowed else { return }
        // The column and the blanks before the key only matter where it may open a block mapping.
        let block = flowLevel == 0
        let column = block ? self.column(at: position) : 0
        let key = SimpleKey(
            possible: true, required: block && indent == column, tokenNumber: nextTokenNumber,
            offset: position, lineStart: lineStart, column: column, afterTab: block && isAfterTab(position),
            mayBreakLines: flowMappingLevels.last == true)
        try removeSimpleKey()
        simpleKeys[flowLevel] = key
        possibleKeyLevels.append(flowLevel)
    }

    /// Forgets the possible key of this flow level; one that had to be a key is an error.
    mutating func removeSimpleKey() throws(YAMLError) {
        let key = simpleKeys[flowLevel]
        guard key.possible else { return }
        if key.required { throw missingColon(key) }
        forgetSimpleKey(at: flowLevel)
    }

    /// Marks the key of flow level `level` as no longer possible.
    mutating func forgetSimpleKey(at level: Int) {
        guard simpleKeys[level].possible else { return }
        simpleKeys[level].possible = false
        if let index = possibleKeyLevels.lastIndex(of: level) { possibleKeyLevels.remove(at: index) }
    }

    /// Forgets the keys that can no longer be keys: YAML keeps an implicit key within 1024
    /// characters, and on one line except in a flow mapping.
    mutating func staleSimpleKeys() throws(YAMLError) {
        var index = possibleKeyLevels.count
        while index > 0 {
            index -= 1
            let level = possibleKeyLevels[index]
            let key = simpleKeys[level]
            if (key.lineStart != lineStart && !key.mayBreakLines)
                || position - key.offset > YAMLLimits.maximumImplicitKeyLength
            {
                if key.required { throw missingColon(key) }
                simpleKeys[level].possible = false
                possibleKeyLevels.remove(at: index)
            }
        }
    }

    /// The error for a line at a block mapping's indentation that does not go on to be a key.
    private func missingColon(_ key: SimpleKey) -> YAMLError {
        error(
            "expected ':' after this key: a line at a mapping's indentation starts a new key (an implicit key ends"
                + " on its line, within 1024 characters)", at: key.offset)
    }

    /// Opens a flow level for a `[` or (`mapping`) a `{`.
    mutating func increaseFlowLevel(mapping: Bool) throws(YAMLError) {
        guard flowLevel + indents.count < YAMLLimits.maximumDepth else { throw tooDeep() }
        simpleKeys.append(SimpleKey())
        flowMappingLevels.append(mapping)
        flowLevel += 1
    }

    /// Closes a flow level for a `]` or `}`.
    mutating func decreaseFlowLevel() {
        guard flowLevel > 0 else { return }
        forgetSimpleKey(at: flowLevel)
        simpleKeys.removeLast()
        flowMappingLevels.removeLast()
        flowLevel -= 1
    }

    /// In block context, opens a block collection at `column` when it is deeper than the current
    /// one: queues `kind` at the end, or before token `number`.
    mutating func rollIndent(
        to column: Int, number: Int? = nil, kind: YAMLToken.Kind, at offset: Int, afterTab: Bool
    ) throws(YAMLError) {
        guard flowLevel == 0, indent < column else { return }
        if afterTab { throw error("a tab cannot indent a block collection; use spaces", at: offset) }
        guard flowLevel + indents.count < YAMLLimits.maximumDepth else { throw tooDeep() }
        indents.append(indent)
        indent = column
        if let number {
            insert(kind, at: offset, number: number)
        } else {
            append(kind, at: offset)
        }
    }

    /// In block context, closes every block collection deeper than `column`.
    mutating func unrollIndent(to column: Int) {
        guard flowLevel == 0 else { return }
        while indent > column, let outer = indents.popLast() {
            append(.blockEnd, at: position)
            indent = outer
        }
    }

    /// The error for nesting past ``YAMLLimits/maximumDepth``.
    func tooDeep() -> YAMLError {
        error("collections nest more than \(YAMLLimits.maximumDepth) levels deep", at: position)
    }
}
