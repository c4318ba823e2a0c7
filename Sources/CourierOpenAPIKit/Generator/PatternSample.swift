import Foundation

/// A string that matches a schema's `pattern`, for sample values the document gives no example of
/// (Twilio's `^AC[0-9a-fA-F]{32}$` account ids, a version's `^v\d+$`).
///
/// Reads the part of ECMA-262 regular expressions that documents use: literals and escapes,
/// character classes with ranges and negation, `.`, groups with alternatives, and the quantifiers
/// `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`; it takes the first alternative and the fewest repetitions,
/// then repeats what may repeat until `minLength` is reached. A pattern with anything else
/// (lookaround, back-references), or whose sample `NSRegularExpression` does not find a match in,
/// gives `nil`, and the caller keeps its plain sample. Bounded: patterns over 1,000 characters,
/// groups nested over 32 deep and samples over 1,000 characters are not attempted.
enum PatternSample {
    static func make(_ pattern: String, minLength: Int?, maxLength: Int?) -> String? {
        guard pattern.count <= 1000 else { return nil }
        var parser = Parser(Array(pattern))
        guard let items = parser.alternatives(depth: 0), parser.isAtEnd else { return nil }
        var pieces = items.map { Piece(item: $0, count: $0.minimum) }
        var text = render(pieces)
        if let minLength, text.count < minLength {
            // Grow what may repeat, last first, one repetition at a time.
            for index in pieces.indices.reversed() where text.count < minLength {
                let item = pieces[index].item
                let width = max(Self.render([Piece(item: item, count: 1)]).count, 1)
                let room = (item.maximum ?? 1000) - pieces[index].count
                let wanted = (minLength - text.count + width - 1) / width
                pieces[index].count += max(0, min(room, wanted))
                text = render(pieces)
            }
        }
        guard text.count <= 1000, maxLength.map({ text.count <= $0 }) ?? true else { return nil }
        return matches(text, pattern) ? text : nil
    }

    /// Whether `NSRegularExpression` finds a match of `pattern` in `text` (as JSON Schema's
    /// `pattern` is judged: anywhere, unless anchored); `true` when it cannot read the pattern.
    static func matches(_ text: String, _ pattern: String) -> Bool {
        guard pattern.count <= 1000, let expression = try? NSRegularExpression(pattern: pattern) else { return true }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// One atom with how often it repeats.
    struct Item {
        enum Atom {
            case character(Character)
            case group([Item])
            case assertion
        }
        var atom: Atom
        var minimum = 1
        var maximum: Int? = 1
    }

    private struct Piece {
        var item: Item
        var count: Int
    }

    private static func render(_ pieces: [Piece]) -> String {
        var text = ""
        for piece in pieces where text.count <= 1000 {
            for _ in 0..<min(piece.count, 1000) {
                switch piece.item.atom {
                case .character(let character): text.append(character)
                case .group(let items): text += render(items.map { Piece(item: $0, count: $0.minimum) })
                case .assertion: break
                }
            }
        }
        return text
    }

    /// A recursive-descent reader of the pattern, at most 32 groups deep.
    private struct Parser {
        private let characters: [Character]
        private var index = 0

        init(_ characters: [Character]) {
            self.characters = characters
        }

        var isAtEnd: Bool { index == characters.count }

        /// A sequence, and any alternatives after `|`: the first is the sample.
        mutating func alternatives(depth: Int) -> [Item]? {
            guard depth <= 32, let first = sequence(depth: depth) else { return nil }
            while index < characters.count, characters[index] == "|" {
                index += 1
                guard sequence(depth: depth) != nil else { return nil }
            }
            return first
        }

        private mutating func sequence(depth: Int) -> [Item]? {
            var items: [Item] = []
            while index < characters.count, characters[index] != "|", characters[index] != ")" {
                guard var item = atom(depth: depth) else { return nil }
                guard quantifier(&item) else { return nil }
                items.append(item)
            }
            return items
        }

        private mutating func atom(depth: Int) -> Item? {
            let character = characters[index]
            index += 1
            switch character {
            case "^", "$": return Item(atom: .assertion)
            case ".": return Item(atom: .character("a"))
            case "[": return characterClass().map { Item(atom: .character($0)) }
            case "\\": return escape(inClass: false).map { Item(atom: $0.map(Item.Atom.character) ?? .assertion) }
            case "(":
                if index < characters.count, characters[index] == "?" {
                    // Only a group that does not capture, or a named one; no lookaround.
                    guard index + 1 < characters.count else { return nil }
                    if characters[index + 1] == ":" {
                        index += 2
                    } else if characters[index + 1] == "<", index + 2 < characters.count,
                        characters[index + 2] != "=", characters[index + 2] != "!"
                    {
                        guard let close = characters[index...].firstIndex(of: ">") else { return nil }
                        index = close + 1
                    } else {
                        return nil
                    }
                }
                guard let items = alternatives(depth: depth + 1), index < characters.count, characters[index] == ")"
                else { return nil }
                index += 1
                return Item(atom: .group(items))
            case "*", "+", "?", "{", ")", "|": return nil
            default: return Item(atom: .character(character))
            }
        }

        /// `?`, `*`, `+` or a `{…}` count after an atom (and a lazy `?` after that).
        private mutating func quantifier(_ item: inout Item) -> Bool {
            guard index < characters.count else { return true }
            switch characters[index] {
            case "?": (item.minimum, item.maximum) = (0, 1)
            case "*": (item.minimum, item.maximum) = (0, nil)
            case "+": (item.minimum, item.maximum) = (1, nil)
            case "{":
                guard let close = characters[index...].firstIndex(of: "}") else { return true }
                let body = String(characters[(index + 1)..<close])
                let bounds = body.split(separator: ",", omittingEmptySubsequences: false).map {
                    Int($0.trimmingCharacters(in: .whitespaces))
                }
                guard let low = bounds.first ?? nil, low <= 1000, bounds.count <= 2 else { return false }
                item.minimum = low
                item.maximum = bounds.count == 1 ? low : bounds[1]
                index = close
            default: return true
            }
            index += 1
            if index < characters.count, characters[index] == "?" { index += 1 }
            return true
        }

        /// A class's first allowed character: a range's lower bound, an escape's sample; for a
        /// negated class, the first of a few plain characters it does not exclude.
        private mutating func characterClass() -> Character? {
            var isNegated = false
            if index < characters.count, characters[index] == "^" {
                isNegated = true
                index += 1
            }
            var members: [(Character, Character)] = []
            var isFirst = true
            while index < characters.count, characters[index] != "]" || isFirst {
                isFirst = false
                var low = characters[index]
                index += 1
                if low == "\\" {
                    guard let escaped = escape(inClass: true), let character = escaped else { return nil }
                    low = character
                }
                var high = low
                if index + 1 < characters.count, characters[index] == "-", characters[index + 1] != "]" {
                    high = characters[index + 1]
                    index += 2
                    if high == "\\" {
                        guard let escaped = escape(inClass: true), let character = escaped else { return nil }
                        high = character
                    }
                }
                members.append((low, high))
            }
            guard index < characters.count else { return nil }
            index += 1
            guard isNegated else { return members.first?.0 }
            return Array("a0A_x-.").first { candidate in !members.contains { $0.0 <= candidate && candidate <= $0.1 } }
        }

        /// The character an escape stands for (a class escape's sample), `.some(nil)` for an
        /// assertion (`\b`), `nil` for what is not read (back-references, properties).
        private mutating func escape(inClass: Bool) -> Character?? {
            guard index < characters.count else { return nil }
            let character = characters[index]
            index += 1
            switch character {
            case "d": return "0"
            case "w", "D", "S": return "a"
            case "s": return " "
            case "W": return "-"
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "b" where !inClass, "B": return .some(nil)
            case "u":
                guard index + 4 <= characters.count,
                    let value = UInt32(String(characters[index..<(index + 4)]), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                index += 4
                return Character(scalar)
            case "1"..."9", "k", "p", "P": return nil
            default: return character
            }
        }
    }
}
