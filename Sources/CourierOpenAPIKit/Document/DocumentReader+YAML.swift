extension DocumentReader {
    /// A YAML document, read by Courier's own YAML 1.2 reader (``YAMLReader``); its first document
    /// when the file holds a stream. Its errors keep their line and column (the column counts
    /// characters, where the JSON reader's counts bytes).
    static func readYAML(_ bytes: [UInt8]) throws(DocumentReadError) -> DocumentValue {
        do {
            return try YAMLReader.read(bytes)
        } catch {
            throw DocumentReadError(message: error.message, line: error.line, column: error.column)
        }
    }
}
