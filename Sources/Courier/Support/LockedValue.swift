import Foundation

/// A value that is only read and written while a lock is held.
///
/// Courier uses this rather than `Synchronization.Mutex`: on Linux, `Mutex` locks with raw futex
/// calls that ThreadSanitizer cannot see, so `swift test --sanitize=thread` reports every value it
/// guards as a data race. `NSLock` is a pthread mutex, which the sanitizer understands, so a clean
/// sanitizer run means something.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only inside `withLock`, while `lock` is held,
    // and `Value` is itself Sendable, so values handed out are safe to share.
    private let lock = NSLock()
    private var value: Value

    /// Guards `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held and returns what it returns.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
