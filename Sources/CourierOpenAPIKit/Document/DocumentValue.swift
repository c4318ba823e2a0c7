/// A value read from a JSON or YAML document: what JSON can hold, with an object's members kept in
/// the order the document wrote them, so that whatever is generated from it follows the document.
///
/// Numbers keep the text the document wrote (`9223372036854775807`, `0.1`, `1e400`): a reader of
/// OpenAPI documents meets limits no `Double` or `Int64` holds exactly, and a generator that only
/// copies them must not round them.
package enum DocumentValue: Hashable, Sendable {
    /// `null` (YAML: `null`, `~` or nothing).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as JSON number text: an optional `-`, digits, an optional fraction and exponent.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([DocumentValue])
    /// An object (YAML: a mapping whose keys are strings), members in document order.
    case object(DocumentObject)
}

/// One member of a ``DocumentObject``: a key and its value.
package struct DocumentMember: Hashable, Sendable {
    /// The member's key.
    package var key: String
    /// The member's value.
    package var value: DocumentValue

    /// A member.
    package init(key: String, value: DocumentValue) {
        self.key = key
        self.value = value
    }
}

/// An object's members in document order, with look-up by key.
///
/// Keys are unique: the readers report a duplicate key as an error before an object is built, and
/// an object built here from members with a repeated key keeps the first and drops the later ones.
package struct DocumentObject: Hashable, Sendable {
    /// The members, in document order.
    package private(set) var members: [DocumentMember]
    /// Where each key's member is in `members`.
    private var positions: [String: Int]

    /// An object of `members`; a repeated key keeps its first member.
    package init(_ members: [DocumentMember] = []) {
        self.members = []
        self.positions = [:]
        self.members.reserveCapacity(members.count)
        for member in members { append(member) }
    }

    /// The keys, in document order.
    package var keys: [String] { members.map(\.key) }

    /// How many members the object has.
    package var count: Int { members.count }

    /// The value of `key`, or `nil` when the object has no such member.
    package subscript(key: String) -> DocumentValue? {
        positions[key].map { members[$0].value }
    }

    /// Adds a member at the end; returns `false`, changing nothing, when the key is already there.
    @discardableResult
    package mutating func append(_ member: DocumentMember) -> Bool {
        guard positions[member.key] == nil else { return false }
        positions[member.key] = members.count
        members.append(member)
        return true
    }

    /// Equal when the members are equal in the same order.
    package static func == (lhs: DocumentObject, rhs: DocumentObject) -> Bool {
        lhs.members == rhs.members
    }

    /// Hashes the members in order.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(members)
    }
}
