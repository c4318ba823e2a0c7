/// A mapping being composed: its members in document order, duplicate keys refused, and merge
/// keys (`<<`) applied when it is finished.
///
/// Merge keys are not part of YAML 1.2, but YAML 1.1 defined them and documents use them to
/// share parts. `<<: *base` (or `<<: [*a, *b]`, or a mapping written in place) gives the mapping
/// the members of those mappings that it does not set itself. The result is ordered as PyYAML and
/// libyaml-based readers order it, so that a document reads the same here as there: the merged
/// members first, then the mapping's own new keys; a key the mapping sets itself keeps the merged
/// member's place with the mapping's value. Of several merged mappings the first listed wins, as
/// YAML 1.1 specified, and the members of the later ones come first.
struct YAMLMappingBuilder {
    /// The key waiting for its value: its text, its byte offset, and whether it is a plain `<<`.
    var pendingKey: (text: String, offset: Int, isMerge: Bool)? = nil

    private var object = DocumentObject()
    /// The byte offset of each member's key, in member order, for duplicate-key messages.
    private var keyOffsets: [Int] = []
    /// The members the `<<` keys bring, in the order they are applied: a later one overrides an
    /// earlier one's value.
    private var merged: [DocumentMember] = []
    private var hasMerges = false

    /// Sets the pending key's value.
    ///
    /// - Throws: for a key the mapping already has, and for a merge key whose value is not a
    ///   mapping or a sequence of mappings.
    mutating func addValue(_ value: DocumentValue, at offset: Int, input: YAMLInput) throws(YAMLError) {
        guard let key = pendingKey else { return }
        pendingKey = nil
        if key.isMerge {
            // `[*a, *b]`: b's members go first so that a's, applied after them, win.
            for source in try Self.mergeSources(value, at: offset, input: input).reversed() {
                merged.append(contentsOf: source.members)
            }
            hasMerges = true
            return
        }
        guard object.append(DocumentMember(key: key.text, value: value)) else {
            let first = object.members.firstIndex { $0.key == key.text }.map { keyOffsets[$0] } ?? key.offset
            let firstLine = input.location(of: first).line
            throw input.error(at: key.offset, "duplicate key '\(key.text)' (first at line \(firstLine))")
        }
        keyOffsets.append(key.offset)
    }

    /// The finished object.
    func build() -> DocumentObject {
        guard hasMerges else { return object }
        var order: [String] = []
        var values: [String: DocumentValue] = [:]
        for member in merged + object.members {
            if values.updateValue(member.value, forKey: member.key) == nil { order.append(member.key) }
        }
        return DocumentObject(order.map { DocumentMember(key: $0, value: values[$0] ?? .null) })
    }

    /// The mappings a merge key's value names.
    private static func mergeSources(
        _ value: DocumentValue, at offset: Int, input: YAMLInput
    ) throws(YAMLError) -> [DocumentObject] {
        switch value {
        case .object(let object):
            return [object]
        case .array(let items):
            var sources: [DocumentObject] = []
            for item in items {
                guard case .object(let object) = item else {
                    throw input.error(at: offset, "a merge key ('<<') lists mappings only")
                }
                sources.append(object)
            }
            return sources
        default:
            throw input.error(at: offset, "a merge key ('<<') takes a mapping or a list of mappings")
        }
    }
}
