import Courier

/// How the logger names a target: `zen`, `userProfile`, `Login`.
///
/// Associated values and stored properties are left out, because targets often carry tokens
/// and passwords (`case login(password: String)`); the URL line shows what was sent. A target
/// that conforms to `CustomStringConvertible` is named by its own description. A ``MultiTarget``
/// is named after the target it wraps.
enum TargetName {
    /// Names already worked out, for `Hashable` targets: apps log the same few targets over and
    /// over, and reflection costs microseconds each time. Bounded; emptied when full.
    private static let cache = LockedValue<[Key: String]>([:])
    private static let cacheLimit = 256

    static func of(_ target: any TargetType) -> String {
        let target = target.unwrappedTarget
        guard let hashable = target as? AnyHashable else { return name(of: target) }
        let key = Key(target: hashable)
        if let known = cache.withLock({ $0[key] }) { return known }
        let name = name(of: target)
        cache.withLock { names in
            if names.count >= cacheLimit { names.removeAll(keepingCapacity: true) }
            names[key] = name
        }
        return name
    }

    /// A target as a cache key.
    private struct Key: Hashable, @unchecked Sendable {
        // @unchecked Sendable: made only from `TargetType` values, which are Sendable; the
        // `AnyHashable` box merely hides that from the compiler.
        let target: AnyHashable
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
