/// Something the generator could not express as the document says, and what it did instead, with
/// the JSON pointer of the place in the document (`#/paths/~1pets/get/responses/200`).
package struct GenerationWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where in the document, as a JSON pointer without the leading `#`.
    package var pointer: String
    /// What the generator did and why.
    package var message: String

    /// A warning about the place `pointer`.
    package init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// `warning: #/pointer: message`.
    package var description: String { "warning: #\(pointer): \(message)" }
}

/// Collects the warnings of one generation, once each, in the order they were first met.
package struct Diagnostics: Sendable {
    /// The warnings so far.
    package private(set) var warnings: [GenerationWarning] = []
    private var seen: Set<GenerationWarning> = []

    /// No warnings.
    package init() {}

    /// Adds a warning about `pointer` (once).
    package mutating func warn(_ message: String, at pointer: String) {
        let warning = GenerationWarning(pointer: pointer, message: message)
        if seen.insert(warning).inserted { warnings.append(warning) }
    }
}
