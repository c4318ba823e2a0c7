/// Swift identifiers made from names in a document: `list-pets` → `listPets`, `pet_status` →
/// `PetStatus`, keywords escaped.
///
/// Words are the runs of ASCII letters and digits; every other character is a word break and is
/// dropped. A word keeps its inner capitals (`getUserByID` stays `getUserByID`); a leading run of
/// capitals is lowercased for a lowerCamelCase name (`URLPath` → `urlPath`).
package enum SwiftName {
    /// The words of `text`.
    package static func words(_ text: String) -> [Substring] {
        text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }

    /// `text` in lowerCamelCase: `list-pets` → `listPets`. Empty text gives `""`.
    package static func lowerCamel(_ text: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return "" }
        var name = lowercasedLead(first)
        for word in parts.dropFirst() { name += capitalized(word) }
        return name
    }

    /// `text` in UpperCamelCase: `pet_status` → `PetStatus`.
    package static func upperCamel(_ text: String) -> String {
        words(text).map(capitalized).joined()
    }

    /// `word` with its first letter uppercased.
    private static func capitalized(_ word: Substring) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// `word` with its leading capitals lowercased: `URLPath` → `urlPath`, `ID` → `id`, `Pets` → `pets`.
    private static func lowercasedLead(_ word: Substring) -> String {
        let characters = Array(word)
        var end = 0
        while end < characters.count, characters[end].isUppercase { end += 1 }
        // `URLPath`: the `P` starts the next word and keeps its capital.
        if end > 1, end < characters.count, characters[end].isLowercase { end -= 1 }
        if end == 0 { return String(word) }
        return String(characters[..<end]).lowercased() + String(characters[end...])
    }

    /// `name` made a valid identifier: a leading digit gets `_`, an empty name becomes `fallback`.
    package static func identifier(_ name: String, fallback: String) -> String {
        guard let first = name.first else { return fallback }
        return first.isNumber ? "_" + name : name
    }

    /// Words Swift reserves: as a declared name they need backticks.
    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Type", "Protocol", "some", "any",
    ]

    /// Names that backticks do not make usable as a member (`.self`, `.Type`, `init`): they get a `_` suffix.
    package static let unusableMembers: Set<String> = [
        "self", "Self", "Type", "Protocol", "init", "deinit", "subscript",
    ]

    /// `name` as written where it is declared or bound: backticked when a keyword.
    package static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `name` as an argument label: only `inout`, `var` and `let` need backticks there.
    package static func label(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
    }
}

/// Hands out names that are unique within one scope, deterministically: the second `pet` is `pet2`.
package struct NameScope: Sendable {
    private var taken: Set<String>

    /// A scope where `reserved` are already taken.
    package init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// `name`, or `name2`, `name3`… the first that is free; it is then taken.
    package mutating func claim(_ name: String) -> String {
        if taken.insert(name).inserted { return name }
        var number = 2
        while !taken.insert("\(name)\(number)").inserted { number += 1 }
        return "\(name)\(number)"
    }

    /// Whether `name` is taken.
    package func contains(_ name: String) -> Bool { taken.contains(name) }
}
