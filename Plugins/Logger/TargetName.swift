import Courier

/// How the logger names a target: `zen`, `userProfile`, `Login`.
///
/// Associated values and stored properties are left out, because targets often carry tokens
/// and passwords (`case login(password: String)`); the URL line shows what was sent. A target
/// that conforms to `CustomStringConvertible` is named by its own description. A ``MultiTarget``
/// is named after the target it wraps.
enum TargetName {
    // Not cached: the name is only needed on error lines and for empty answers, and a cache of
    // targets would keep their associated values (tokens, passwords) alive in a global table and
    // hash them on whichever thread logs next, though a target need not be `Sendable`.
    static func of(_ target: any TargetType) -> String {
        name(of: target.unwrappedTarget)
    }

    private static func name(of target: any TargetType) -> String {
        if let described = target as? any CustomStringConvertible {
            return described.description
        }
        // A case's label through `Mirror` never formats its associated values: less than half the
        // cost of `String(describing:)`, which prints them (and then has to drop them again).
        let mirror = Mirror(reflecting: target)
        switch mirror.displayStyle {
        case .enum:
            return mirror.children.first?.label ?? String(describing: target)
        default:
            return String(describing: type(of: target))
        }
    }
}
