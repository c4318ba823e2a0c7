/// A mapping being composed: its members in document order, duplicate keys refused, and merge
/// keys (`<<`) applied when it is finished.
///
/// Merge keys are not part of YAML 1.2, but YAML 1.1 defined them and documents use them to
/// share parts. `<<: *base` (or `<<: [*a, *b]`, or a mapping written in place) adds the members of
/// those mappings where the `<<` stands, except keys the mapping itself has anywhere — its own
/// keys win — and except keys an earlier merged mapping already gave: the first one listed wins,
/// as YAML 1.1 specified.
struct YAMLMappingBuilder {
    /// The key waiting for its value: its text, its byte offset, and whether it is a plain `<<`.
    var pendingKey: (text: String, offset: Int, isMerge: Bool)? = nil

    private var object = DocumentObject()
    /// The byte offset of each member's key, in member order, for duplicate-key messages.
    private var keyOffsets: [Int] = []
    /// The mappings each `<<` merges, with the member index it stands at.
    private var merges: [(position: Int, sources: [DocumentObject])] = []

    /// Sets the pending key's value.
    ///
    /// - Throws: for a key the mapping already has, and for a merge key whose value is not a
    ///   mapping or a sequence of mappings.
    mutating func addValue(_ value: DocumentValue, at offset: Int, input: YAMLInput) throws(YAMLError) {
        guard let key = pendingKey else { return }
        pendingKey = nil
        if key.isMerge {
            merges.append((object.count, try Self.mergeSources(value, at: offset, input: input)))
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
        guard !merges.isEmpty else { return object }
        var result = DocumentObject()
        var nextMerge = 0
        func applyMerges(upTo position: Int) {
            while nextMerge < merges.count && merges[nextMerge].position <= position {
                for source in merges[nextMerge].sources {
                    for member in source.members where object[member.key] == nil { result.append(member) }
                }
                nextMerge += 1
            }
        }
        for (index, member) in object.members.enumerated() {
            applyMerges(upTo: index)
            result.append(member)
        }
        applyMerges(upTo: object.count)
        return result
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
