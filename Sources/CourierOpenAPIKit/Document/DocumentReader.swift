/// Reads an OpenAPI document from its bytes: JSON, or YAML when it is not JSON.
package enum DocumentReader {
    /// The document `bytes` hold. JSON is recognised by its first character (`{`); anything else is
    /// read as YAML.
    /// - Throws: ``DocumentReadError`` with the line and column of the first problem.
    package static func read(_ bytes: [UInt8]) throws(DocumentReadError) -> DocumentValue {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return try JSONReader.read(bytes) }
        return try readYAML(bytes)
    }
}
