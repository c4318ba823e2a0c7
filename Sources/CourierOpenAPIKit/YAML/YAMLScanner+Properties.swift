// Directives (`%YAML`, `%TAG`), anchors, aliases and tags.
extension YAMLScanner {
    /// A directive line; a reserved directive (any other name) is skipped, as YAML says.
    mutating func fetchDirective() throws(YAMLError) {
        unrollIndent(to: -1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        let start = position
        position += 1
        let name = takeRun { !YAMLScanner.isBlankOrEnd($0) }
        switch name {
        case "YAML":
            try skipSeparatingBlanks(after: "%YAML")
            let versionStart = position
            let version = takeRun { !YAMLScanner.isBlankOrEnd($0) }
            let parts = version.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2,
                parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
            else { throw error("expected a version such as 1.2 after %YAML", at: versionStart) }
            guard parts[0] == "1" else {
                throw error("YAML \(version) is not supported: this reader reads YAML 1.x", at: versionStart)
            }
            append(.versionDirective, at: start)
        case "TAG":
            try skipSeparatingBlanks(after: "%TAG")
            let handleStart = position
            let handle = takeRun { !YAMLScanner.isBlankOrEnd($0) }
            guard Self.isTagHandle(handle) else {
                throw error("expected a tag handle ('!', '!!' or '!name!') after %TAG", at: handleStart)
            }
            try skipSeparatingBlanks(after: "the tag handle")
            let prefixStart = position
            let prefix = try takeURI(allowingFlowIndicators: true)
            guard !prefix.isEmpty else { throw error("expected a tag prefix after the tag handle", at: prefixStart) }
            append(.tagDirective(handle: handle, prefix: prefix), at: start)
        default:
            while !Self.isBreakOrEnd(input.bytes[position]) { position += 1 }
        }
        try expectLineEnd(after: "the directive")
    }

    /// `&name` or `*name`: the name runs to a blank or a flow indicator.
    mutating func fetchAnchorOrAlias(alias: Bool) throws(YAMLError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = position
        position += 1
        let name = takeRun { !YAMLScanner.isBlankOrEnd($0) && !YAMLScanner.isFlowIndicator($0) }
        guard !name.isEmpty else {
            throw error("expected a name after '\(alias ? "*" : "&")'", at: start)
        }
        append(alias ? .alias(name) : .anchor(name), at: start)
    }

    /// `!<verbatim>`, `!!suffix`, `!handle!suffix`, `!suffix` or `!` alone.
    mutating func fetchTag() throws(YAMLError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = position
        let handle: String
        let suffix: String
        if input.bytes[position + 1] == UInt8(ascii: "<") {
            position += 2
            handle = ""
            suffix = try takeURI(allowingFlowIndicators: true)
            guard input.bytes[position] == UInt8(ascii: ">"), !suffix.isEmpty else {
                throw error("expected a tag and '>' after '!<'", at: position)
            }
            position += 1
        } else {
            var end = position + 1
            while Self.isWordCharacter(input.bytes[end]) { end += 1 }
            if input.bytes[end] == UInt8(ascii: "!") {
                handle = String(decoding: input.bytes[position...end], as: UTF8.self)
                position = end + 1
                suffix = try takeURI(allowingFlowIndicators: false)
                guard !suffix.isEmpty else { throw error("expected a tag after '\(handle)'", at: start) }
            } else {
                handle = "!"
                position += 1
                suffix = try takeURI(allowingFlowIndicators: false)
            }
        }
        let next = input.bytes[position]
        guard Self.isBlankOrEnd(next) || (flowLevel > 0 && Self.isFlowIndicator(next)) else {
            throw error("expected a space after the tag", at: position)
        }
        append(.tag(handle: handle, suffix: suffix), at: start)
    }

    // MARK: - Pieces

    /// Takes the bytes from `position` while `accept` holds, as a string.
    mutating func takeRun(while accept: (UInt8) -> Bool) -> String {
        let start = position
        while input.bytes[position] != 0 && accept(input.bytes[position]) { position += 1 }
        return String(decoding: input.bytes[start..<position], as: UTF8.self)
    }

    /// Takes URI characters (YAML's ns-uri-char; without `!` and the flow indicators for a tag
    /// shorthand), decoding `%XX` escapes.
    private mutating func takeURI(allowingFlowIndicators: Bool) throws(YAMLError) -> String {
        var bytes: [UInt8] = []
        while true {
            let byte = input.bytes[position]
            if byte == UInt8(ascii: "%") {
                guard let high = Self.hexValue(input.bytes[position + 1]),
                    let low = Self.hexValue(input.bytes[position + 2])
                else { throw error("expected two hexadecimal digits after '%' in a tag", at: position) }
                bytes.append(UInt8(high << 4 | low))
                position += 3
                continue
            }
            let accepted =
                Self.isWordCharacter(byte) || Self.isURIPunctuation(byte)
                || (allowingFlowIndicators && (byte == UInt8(ascii: "!") || Self.isFlowIndicator(byte)))
            guard accepted else { break }
            bytes.append(byte)
            position += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// At least one blank, then skips the rest.
    private mutating func skipSeparatingBlanks(after what: String) throws(YAMLError) {
        guard Self.isBlank(input.bytes[position]) else { throw error("expected a space after \(what)", at: position) }
        while Self.isBlank(input.bytes[position]) { position += 1 }
    }

    /// Blanks, an optional comment, then a line break or the end.
    mutating func expectLineEnd(after what: String) throws(YAMLError) {
        var blanks = false
        while Self.isBlank(input.bytes[position]) {
            position += 1
            blanks = true
        }
        if blanks && input.bytes[position] == UInt8(ascii: "#") {
            while !Self.isBreakOrEnd(input.bytes[position]) { position += 1 }
        }
        guard Self.isBreakOrEnd(input.bytes[position]) else {
            throw error("expected a comment or the end of the line after \(what)", at: position)
        }
    }

    /// `!`, `!!` or `!` word characters `!`.
    private static func isTagHandle(_ handle: String) -> Bool {
        let bytes = Array(handle.utf8)
        guard bytes.first == UInt8(ascii: "!") else { return false }
        if bytes.count == 1 { return true }
        return bytes.last == UInt8(ascii: "!") && bytes.dropFirst().dropLast().allSatisfy(isWordCharacter)
    }

    /// `0-9`, `A-Z`, `a-z` or `-`.
    static func isWordCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// The punctuation a URI may hold besides `!`, `%` and the flow indicators.
    private static func isURIPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "#"), UInt8(ascii: ";"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: ":"),
            UInt8(ascii: "@"), UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "$"),
            UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "'"),
            UInt8(ascii: "("), UInt8(ascii: ")"):
            return true
        default:
            return false
        }
    }

    /// The value of a hexadecimal digit, or `nil`.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
