import Foundation

extension FuzzValueGenerator {
    /// A value `depth` levels down; scalars only at the bottom.
    mutating func value(depth: Int = 0) -> FuzzValue {
        guard depth < maximumDepth else { return leaf() }
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<4: return leaf()
        case 4..<8: return .object(members(depth: depth + 1))
        case 8..<11: return .array(elements(depth: depth + 1))
        case 11, 12: return .dictionary(dictionary(depth: depth + 1))
        case 13:
            var dictionary: [Int: FuzzValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                dictionary[Int.random(in: -20...20, using: &random)] = value(depth: depth + 1)
            }
            return .intDictionary(dictionary)
        case 14, 15: return .list((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1) })
        case 16: return .wrapped(value(depth: depth + 1))
        case 17: return .optional(Bool.random(using: &random) ? value(depth: depth + 1) : nil)
        case 18: return .nothing
        default: return .wrappedDictionary(dictionary(depth: depth + 1))
        }
    }

    private mutating func dictionary(depth: Int) -> [String: FuzzValue] {
        var dictionary: [String: FuzzValue] = [:]
        for _ in 0..<Int.random(in: 0...5, using: &random) { dictionary[key()] = value(depth: depth) }
        return dictionary
    }

    /// A scalar, or one of Foundation's special types.
    mutating func leaf() -> FuzzValue {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .date(Date(timeIntervalSinceReferenceDate: double()))
        case 1:
            let bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            return .data(Data(bytes))
        case 2:
            let text = pick(["https://x.io/a b?q=1&r=/", "https://example.com/", "mailto:a@b.c", "file:///tmp/x y"])
            let base = URL(string: "https://api.example.com/v1/")
            return .url(
                (Bool.random(using: &random) ? URL(string: "items/é", relativeTo: base) : URL(string: text))
                    ?? URL(fileURLWithPath: "/"))
        case 3:
            let decimal = Decimal(Int.random(in: -100_000...100_000, using: &random)) / Decimal(pick([1, 10, 1000, 3]))
            return .decimal(decimal)
        default: return .scalar(scalar())
        }
    }

    /// A keyed container's calls; a nested container only where Foundation accepts one.
    mutating func members(depth: Int) -> [FuzzMember] {
        var kinds: [String: FuzzValue.Kind]? = [:]
        return members(depth: depth, kinds: &kinds)
    }

    /// A keyed container's calls on an object whose keys hold `known` (`nil`: keys unknown, as in an
    /// object written by a value, where a nested container may only take a key these calls wrote).
    /// A nested container for a key that holds an object adds to it, so its calls see its keys.
    private mutating func members(depth: Int, kinds known: inout [String: FuzzValue.Kind]?) -> [FuzzMember] {
        var kinds = known ?? [:]
        let free = known != nil
        var objects: [String: [String: FuzzValue.Kind]?] = [:]
        var spellings: [String: String] = [:]
        var mixed: Set<String> = []
        var members: [FuzzMember] = []
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            var key = key()
            var slot = tracked(key)
            let member: FuzzMember
            let takes = { (kind: FuzzValue.Kind) in kinds[slot] == kind || (kinds[slot] == nil && free) }
            switch Int.random(in: 0..<12, using: &random) {
            case 0..<4:
                member = .scalar(key, scalar())
                kinds[slot] = .scalar
            case 4..<7:
                let value = value(depth: depth)
                member = .value(key, value)
                kinds[slot] = value.kind
                objects[slot] = .some(nil)
            case let choice where choice < 9 && takes(.object):
                var nested: [String: FuzzValue.Kind]? = kinds[slot] == nil ? [:] : objects[slot] ?? nil
                member = .nestedObject(key, self.members(depth: depth + 1, kinds: &nested))
                kinds[slot] = .object
                objects[slot] = nested
            case let choice where choice < 10 && takes(.array):
                member = .nestedArray(key, elements(depth: depth + 1))
                kinds[slot] = .array
            case 10:
                let value = value(depth: depth)
                let named = Bool.random(using: &random)
                member = .superEncoder(named ? key : nil, value)
                if !named { (key, slot) = ("super", tracked("super")) }
                kinds[slot] = value.kind
                objects[slot] = .some(nil)
            default:
                let value: Int? = Bool.random(using: &random) ? Int.random(in: -9...9, using: &random) : nil
                member = .ifPresent(key, value)
                if value != nil { kinds[slot] = .scalar }
            }
            members.append(member)
            // Two keys tracked alike may be two keys to Foundation: neither may take a container then.
            if let other = spellings[slot], other != key { mixed.insert(slot) }
            spellings[slot] = key
            for slot in mixed { kinds[slot] = .opaque }
        }
        if known != nil { known = kinds }
        return members
    }

    /// An unkeyed container's calls.
    mutating func elements(depth: Int) -> [FuzzElement] {
        (0..<Int.random(in: 0...6, using: &random)).map { _ in
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4: .scalar(scalar())
            case 4..<7: .value(value(depth: depth))
            case 7: .nestedObject(members(depth: depth + 1))
            case 8: .nestedArray(elements(depth: depth + 1))
            default: .superEncoder(value(depth: depth))
            }
        }
    }
}
