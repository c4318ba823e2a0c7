import Foundation

/// A value that is only read and written while a lock is held.
///
/// Courier uses this rather than `Synchronization.Mutex`: on Linux, `Mutex` locks with raw futex
/// calls that ThreadSanitizer cannot see, so `swift test --sanitize=thread` reports every value it
/// guards as a data race. `NSLock` is a pthread mutex, which the sanitizer understands, so a clean
/// sanitizer run means something. `Mutex` (and `Atomic`) also need the Swift 6.0 runtime (macOS 15,
/// iOS 18); `NSLock` is on every OS Courier supports.
///
/// `withLock` passes its closure's error through with typed throws. That needs no Swift 6.0
/// runtime: the closure is called, never stored, cast or used as a generic argument, so no
/// metadata of its function type is made, and the compiler reports any use that would need it on
/// an older deployment target (see Platforms.md).
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
