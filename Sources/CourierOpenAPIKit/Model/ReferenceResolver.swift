/// Follows `$ref`s within one document: `#/components/schemas/Pet`, `#/paths/~1pets/get/parameters/0`,
/// chains of references, and references that loop (reported once, never followed forever).
///
/// A reference to another file (`pets.yaml#/Pet`) or to a place the document does not have is
/// reported as a warning naming the pointer where the reference was written.
package struct ReferenceResolver: Sendable {
    /// The whole document.
    package let root: DocumentValue
    /// How many references a chain may follow before it counts as a loop.
    private static let maximumChain = 32

    /// A resolver for `root`.
    package init(root: DocumentValue) {
        self.root = root
    }

    /// The pointer a `$ref` names, or `nil` when it names no place in this document.
    package static func pointer(of reference: String) -> String? {
        guard reference.hasPrefix("#") else { return nil }
        return String(reference.dropFirst())
    }

    /// `value` with its `$ref`s followed, and the pointer of what it resolved to; `nil` (and a warning)
    /// when a reference cannot be followed.
    package func resolve(_ value: DocumentValue, at pointer: String, _ diagnostics: inout Diagnostics) -> Located? {
        var current = Located(value: value, pointer: pointer)
        var visited: Set<String> = []
        for _ in 0..<Self.maximumChain {
            guard let reference = current.value["$ref"]?.string else { return current }
            guard let target = Self.pointer(of: reference) else {
                diagnostics.warn(
                    "the reference \"\(reference)\" points outside this document; it is not followed",
                    at: current.pointer)
                return nil
            }
            guard visited.insert(target).inserted else {
                diagnostics.warn("the reference \"\(reference)\" refers to itself", at: current.pointer)
                return nil
            }
            guard let resolved = root.value(at: target) else {
                diagnostics.warn("the reference \"\(reference)\" names nothing in this document", at: current.pointer)
                return nil
            }
            current = Located(value: resolved, pointer: target)
        }
        diagnostics.warn("a chain of more than \(Self.maximumChain) references", at: pointer)
        return nil
    }
}

/// A value of the document and the pointer where it is.
package struct Located: Hashable, Sendable {
    /// The value.
    package var value: DocumentValue
    /// Its JSON pointer, without `#`.
    package var pointer: String

    /// A value at `pointer`.
    package init(value: DocumentValue, pointer: String) {
        self.value = value
        self.pointer = pointer
    }

    /// The member `key` and its pointer, or `nil`.
    package func member(_ key: String) -> Located? {
        value[key].map { Located(value: $0, pointer: JSONPointer.appending(pointer, key)) }
    }

    /// The members of an object, each with its pointer, in document order.
    package var members: [(key: String, value: Located)] {
        (value.object?.members ?? []).map {
            ($0.key, Located(value: $0.value, pointer: JSONPointer.appending(pointer, $0.key)))
        }
    }

    /// The elements of an array, each with its pointer.
    package var elements: [Located] {
        (value.array ?? []).enumerated().map { Located(value: $0.element, pointer: pointer + "/\($0.offset)") }
    }
}
