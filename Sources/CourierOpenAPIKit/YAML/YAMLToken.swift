/// How a scalar was written; only plain scalars are resolved by the core schema.
enum YAMLScalarStyle: Equatable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

/// A token of YAML's syntax, as the scanner hands it to the parser.
struct YAMLToken {
    /// What the token is.
    enum Kind: Equatable {
        case streamStart
        case streamEnd
        /// `%YAML major.minor`.
        case versionDirective
        /// `%TAG handle prefix`.
        case tagDirective(handle: String, prefix: String)
        /// `---`.
        case documentStart
        /// `...`.
        case documentEnd
        /// An indentation increase that opens a block sequence; closed by ``blockEnd``.
        case blockSequenceStart
        /// An indentation increase that opens a block mapping; closed by ``blockEnd``.
        case blockMappingStart
        case blockEnd
        case flowSequenceStart
        case flowSequenceEnd
        case flowMappingStart
        case flowMappingEnd
        /// `-` in a block sequence.
        case blockEntry
        /// `,` in a flow collection.
        case flowEntry
        /// Before a key: `?`, or inserted by the scanner before an implicit key.
        case key
        /// `:`.
        case value
        /// `*name`.
        case alias(String)
        /// `&name`.
        case anchor(String)
        /// `!handle!suffix`, `!suffix`, `!<verbatim>` (handle empty) or `!` alone (suffix empty).
        case tag(handle: String, suffix: String)
        case scalar(String, YAMLScalarStyle)
    }

    /// What the token is.
    var kind: Kind
    /// The byte offset where it starts, for error messages.
    var start: Int
}
