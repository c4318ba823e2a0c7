/// What the parser reports: the stream's documents and nodes in order, as YAML's event model
/// describes them. The composer builds ``DocumentValue``s from these.
struct YAMLEvent {
    /// What happened.
    enum Kind {
        case streamStart
        case streamEnd
        case documentStart
        case documentEnd
        /// `*name`.
        case alias(String)
        /// A scalar's value and style; an empty node is an empty plain scalar.
        case scalar(String, YAMLScalarStyle)
        case sequenceStart
        case sequenceEnd
        case mappingStart
        case mappingEnd
    }

    /// What happened.
    var kind: Kind
    /// The node's anchor (`&name`), if any.
    var anchor: String? = nil
    /// The node's tag, resolved through the document's `%TAG` handles (`tag:yaml.org,2002:str`,
    /// `!local`), `!` for the non-specific tag, `nil` when the node has none.
    var tag: String? = nil
    /// The byte offset where the node (its properties included) starts.
    var start: Int
}
