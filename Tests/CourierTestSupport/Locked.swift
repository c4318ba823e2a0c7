import Courier

/// A value behind a lock, for collecting what `@Sendable` callbacks saw.
public final class Locked<Value: Sendable>: Sendable {
    private let storage: LockedValue<Value>

    /// Wraps `value`.
    public init(_ value: Value) {
        storage = LockedValue(value)
    }

    /// The current value.
    public var value: Value {
        storage.withLock { $0 }
    }

    /// Changes the value under the lock and returns what `body` returns.
    @discardableResult
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        storage.withLock { body(&$0) }
    }
}

extension Locked where Value: RangeReplaceableCollection {
    /// Appends `element`.
    public func append(_ element: Value.Element) {
        storage.withLock { $0.append(element) }
    }
}
