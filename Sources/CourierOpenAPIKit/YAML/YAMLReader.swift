/// Courier's YAML 1.2 reader: YAML text to ``DocumentValue``, with no dependency.
///
/// It reads what OpenAPI documents are written in — block and flow collections, every scalar
/// style, comments, anchors, aliases and merge keys (`<<`), tags, directives and multi-document
/// streams — and resolves plain scalars by YAML 1.2's core schema (see ``YAMLCoreSchema`` for
/// how each value looks, infinity and NaN included). A key that is not a string becomes its
/// canonical text (`200:` is the key `"200"`); a collection as a key is an error, and so is a key
/// given twice in one mapping.
///
/// Input is UTF-8, with or without a byte order mark; any other encoding is refused with an
/// error. Reading takes time linear in the input; nesting deeper than 512 levels and aliases that
/// would repeat more nodes than the input has bytes (at least 100,000) are errors, so no input
/// exhausts the stack or the memory (see ``YAMLLimits``). Every error names its line and column.
package enum YAMLReader {
    /// The first (or only) document of the stream; `.null` for a stream with no document.
    ///
    /// The whole stream is read: an error in a later document is reported too.
    ///
    /// - Parameter bytes: The stream's bytes (`Data`, `[UInt8]`…), UTF-8.
    /// - Throws: ``YAMLError`` with the line and column of the first problem.
    package static func read(_ bytes: some Collection<UInt8>) throws(YAMLError) -> DocumentValue {
        try readStream(bytes).first ?? .null
    }

    /// Every document of a stream (documents start with `---` and may end with `...`).
    ///
    /// - Parameter bytes: The stream's bytes (`Data`, `[UInt8]`…), UTF-8.
    /// - Returns: The documents in order; none for an empty stream or one of comments only.
    /// - Throws: ``YAMLError`` with the line and column of the first problem.
    package static func readStream(_ bytes: some Collection<UInt8>) throws(YAMLError) -> [DocumentValue] {
        var composer = YAMLComposer(input: try YAMLInput(bytes))
        var documents: [DocumentValue] = []
        while let document = try composer.nextDocument() { documents.append(document) }
        return documents
    }
}
