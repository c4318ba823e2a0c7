import Courier

/// How the logger names a target: `zen`, `userProfile`, `Login`.
///
/// Associated values and stored properties are left out, because targets often carry tokens
/// and passwords (`case login(password: String)`); the URL line shows what was sent. A target
/// that conforms to `CustomStringConvertible` is named by its own description. A ``MultiTarget``
/// is named after the target it wraps.
enum TargetName {
    static func of(_ target: any TargetType) -> String {
        let target = target.unwrappedTarget
        if let described = target as? any CustomStringConvertible {
            return described.description
        }
        let text = String(describing: target)
        guard let parenthesis = text.firstIndex(of: "(") else { return text }
        return String(text[..<parenthesis])
    }
}
