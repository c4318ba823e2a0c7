import Foundation

/// Looks up a dotted key path such as `"data.user.name"` in a parsed JSON object, without
/// key-value coding (which Linux lacks). A component that is a whole number also indexes into
/// an array: `"items.0.id"`.
enum JSONKeyPath {
    static func value(at keyPath: String, in object: Any) -> Any? {
        var current: Any = object
        // Split on scalars, not Characters: a key may start with a combining mark or an emoji
        // modifier, which grapheme rules would glue to the "." before it.
        for scalars in keyPath.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false) {
            let component = String(String.UnicodeScalarView(scalars))
            if let dictionary = current as? [String: Any], let next = dictionary[component] {
                current = next
            } else if let array = current as? [Any], let index = Int(component), array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        return current is NSNull ? nil : current
    }
}
