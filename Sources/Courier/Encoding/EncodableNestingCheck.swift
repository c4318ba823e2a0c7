/// Measures how deep an `Encodable` value nests before `JSONEncoder` sees it, by running its
/// `encode(to:)` against an encoder that writes nothing and stops at
/// ``HTTPTask/maximumNestingDepth``.
///
/// `JSONEncoder` calls `encode(to:)` once per nested value, so a value a few thousand levels deep
/// overflows the stack. This encoder counts those calls (a nested value, a wrapper passing its
/// value through a single-value container, a nested container or a super encoder each add a
/// level) and throws as soon as the count passes the limit, so its own recursion never goes
/// deeper than the limit. It costs one extra pass over the value, without building any text.
enum EncodableNestingCheck {
    /// Throws ``ParameterEncodingError/nestingTooDeep(key:limit:)`` naming the coding path when
    /// `value` nests deeper than the limit. Any other error thrown by `value`'s `encode(to:)` is
    /// left for the real encoder to report.
    static func check(_ value: any Encodable, userInfo: [CodingUserInfoKey: Any]) throws(ParameterEncodingError) {
        let state = ProbeState()
        do {
            try value.encode(to: ProbeEncoder(level: 1, userInfo: userInfo, state: state))
        } catch let tooDeep as TooDeep {
            throw .nestingTooDeep(key: tooDeep.path, limit: HTTPTask.maximumNestingDepth)
        } catch {
            // Not ours: JSONEncoder meets it again and reports it.
        }
        if let path = state.overflowPath {
            throw .nestingTooDeep(key: path, limit: HTTPTask.maximumNestingDepth)
        }
    }
}

/// Unwinds the probe's recursion, collecting the coding keys on the way out.
struct TooDeep: Error {
    var keys: [String] = []
    var path: String {
        let named = keys.filter { !$0.isEmpty }
        guard let first = named.first else { return "(top level)" }
        return named.dropFirst().reduce(first) { $0 + "[\($1)]" }
    }
}

/// Nesting reached without recursion (nested containers asked for in a loop), where nothing can
/// throw at once: the check throws it when `encode(to:)` returns.
final class ProbeState {
    var overflowPath: String?
}

struct ProbeEncoder: Encoder {
    let level: Int
    let userInfo: [CodingUserInfoKey: Any]
    let state: ProbeState
    var codingPath: [any CodingKey] { [] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ProbeKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ProbeUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ProbeSingleValueContainer(encoder: self)
    }

    /// An encoder one level down, or `nil` (and the overflow noted) past the limit.
    func deeper(key: String) -> ProbeEncoder? {
        guard level < HTTPTask.maximumNestingDepth else {
            if state.overflowPath == nil { state.overflowPath = key }
            return nil
        }
        return ProbeEncoder(level: level + 1, userInfo: userInfo, state: state)
    }

    /// Runs `value.encode(to:)` one level down; throws ``TooDeep`` past the limit.
    /// - Parameter prefix: The keys of the nested containers between this encoder and `key`.
    func encodeNested(_ value: some Encodable, key: String, prefix: [String]) throws {
        guard let child = deeper(key: key) else { throw TooDeep(keys: prefix + [key]) }
        do {
            try value.encode(to: child)
        } catch var tooDeep as TooDeep {
            tooDeep.keys.insert(contentsOf: prefix + [key], at: 0)
            throw tooDeep
        }
    }
}
