import Foundation

extension DocumentValue {
    /// The object, or `nil` for any other value.
    package var object: DocumentObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The array, or `nil` for any other value.
    package var array: [DocumentValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The string, or `nil` for any other value.
    package var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The Boolean, or `nil` for any other value.
    package var bool: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The number's text, or `nil` for any other value.
    package var number: String? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The member `key` of an object; `nil` for a missing member or a value that is no object.
    package subscript(key: String) -> DocumentValue? {
        object?[key]
    }

    /// The value at `pointer` (RFC 6901, `/components/schemas/Pet`, without the leading `#`), or
    /// `nil` when nothing is there.
    package func value(at pointer: String) -> DocumentValue? {
        guard !pointer.isEmpty else { return self }
        guard pointer.hasPrefix("/") else { return nil }
        var current = self
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = JSONPointer.unescape(String(token))
            switch current {
            case .object(let object):
                guard let next = object[key] else { return nil }
                current = next
            case .array(let array):
                guard let position = Int(key), array.indices.contains(position) else { return nil }
                current = array[position]
            default:
                return nil
            }
        }
        return current
    }
}

/// JSON pointers (RFC 6901), the way warnings name a place in a document.
package enum JSONPointer {
    /// `token` escaped for a pointer: `~` as `~0`, `/` as `~1`.
    package static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// A pointer token unescaped (and percent-decoded, as `$ref` fragments are written).
    package static func unescape(_ token: String) -> String {
        var text = token
        if text.contains("%") { text = text.removingPercentEncoding ?? text }
        guard text.contains("~") else { return text }
        return text.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// `pointer` with `token` appended.
    package static func appending(_ pointer: String, _ token: String) -> String {
        pointer + "/" + escape(token)
    }
}
