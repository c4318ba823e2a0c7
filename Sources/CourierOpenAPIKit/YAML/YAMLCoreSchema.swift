/// How plain scalars resolve, by YAML 1.2's core schema, and what each resolved value looks like
/// in a ``DocumentValue``.
///
/// | Plain scalar | Value |
/// | --- | --- |
/// | `null`, `Null`, `NULL`, `~`, nothing | `.null` |
/// | `true`, `True`, `TRUE`, `false`, `False`, `FALSE` | `.bool` |
/// | `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+` | `.number`, in decimal without `+` or leading zeros |
/// | `[-+]?(\.[0-9]+ \| [0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` | `.number`, as JSON writes it (`.5` → `0.5`, `1.` → `1.0`) |
/// | `[-+]?(.inf \| .Inf \| .INF)`, `.nan`, `.NaN`, `.NAN` | `.string(".inf")`, `.string("-.inf")`, `.string(".nan")` |
/// | anything else | `.string` |
///
/// Infinity and NaN have no JSON number text, so they become YAML's canonical spelling as a
/// string: a generator that meets one where a number belongs can recognise it, and nothing is
/// rounded or lost. Everything YAML 1.1 resolved besides (`yes`, `on`, `0b1`, `1_000`,
/// `1:30`, dates) stays a string, as YAML 1.2 says.
enum YAMLCoreSchema {
    /// The value of a plain scalar with no tag.
    static func resolvePlain(_ text: String) -> DocumentValue {
        var text = text
        return text.withUTF8 { resolve($0) } ?? .string(text)
    }

    /// The value `bytes` stand for when it is not a string: null, a boolean or a number.
    static func resolve(_ bytes: UnsafeBufferPointer<UInt8>) -> DocumentValue? {
        guard let first = bytes.first else { return .null }
        switch first {
        case UInt8(ascii: "~"):
            return bytes.count == 1 ? .null : nil
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            return matches(bytes, "null") ? .null : nil
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return matches(bytes, "true") ? .bool(true) : nil
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return matches(bytes, "false") ? .bool(false) : nil
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return YAMLNumberText.resolve(bytes)
        default:
            return nil
        }
    }

    /// Whether `bytes` are `word` (lower case ASCII letters) in lower case, capitalised or in
    /// upper case.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let lower = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        var (lowerCase, capitalised, upperCase) = (true, true, true)
        for index in bytes.indices {
            let (small, capital, byte) = (lower[index], lower[index] - 0x20, bytes[index])
            lowerCase = lowerCase && byte == small
            upperCase = upperCase && byte == capital
            capitalised = capitalised && byte == (index == 0 ? capital : small)
        }
        return lowerCase || capitalised || upperCase
    }

    /// The text a scalar key is known by: a string as it is; otherwise its canonical form
    /// (`null`, `true`, `false`, the decimal or JSON number text, `.inf`…), so that `200:` and
    /// `"200":` name the same member. `nil` for a collection.
    static func keyText(_ value: DocumentValue) -> String? {
        switch value {
        case .string(let text), .number(let text): return text
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .array, .object: return nil
        }
    }
}
