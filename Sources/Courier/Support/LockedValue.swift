import Foundation

/// A value that is only read and written while a lock is held.
///
/// Courier uses this rather than `Synchronization.Mutex`: on Linux, `Mutex` locks with raw futex
/// calls that ThreadSanitizer cannot see, so `swift test --sanitize=thread` reports every value it
/// guards as a data race. `NSLock` is a pthread mutex, which the sanitizer understands, so a clean
/// sanitizer run means something. `Mutex` (and `Atomic`) also need the Swift 6.0 runtime (macOS 15,
/// iOS 18); `NSLock` is on every OS Courier supports. On Linux the pthread mutex is used directly:
/// FoundationNetworking's `NSLock` is an object of its own around one, made and freed with every
/// value, and a request makes several (the sanitizer sees the same mutex either way).
///
/// `withLock` passes its closure's error through with typed throws. That needs no Swift 6.0
/// runtime: the closure is called, never stored, cast or used as a generic argument, so no
/// metadata of its function type is made, and the compiler reports any use that would need it on
/// an older deployment target (see Platforms.md).
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only inside `withLock`, while `lock` is held,
    // and `Value` is itself Sendable, so values handed out are safe to share.
    #if os(Linux)
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #else
        private let lock = NSLock()
    #endif
    private var value: Value

    /// Guards `value`.
    package init(_ value: Value) {
        self.value = value
        #if os(Linux)
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        #endif
    }

    #if os(Linux)
        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
            mutex.deallocate()
        }
    #endif

    /// Runs `body` on the value with the lock held and returns what it returns.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        #if os(Linux)
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
        #else
            lock.lock()
            defer { lock.unlock() }
        #endif
        return try body(&value)
    }

    /// Runs `body` as ``withLock(_:)`` does when the lock is free; returns `nil` at once, without
    /// running it, when another thread holds the lock. For a caller that must not wait, such as a
    /// lookup on the main thread while another thread reads a folder under the lock.
    package func withLockIfFree<Result>(_ body: (inout Value) -> Result) -> Result? {
        #if os(Linux)
            guard pthread_mutex_trylock(mutex) == 0 else { return nil }
            defer { pthread_mutex_unlock(mutex) }
        #else
            guard lock.try() else { return nil }
            defer { lock.unlock() }
        #endif
        return body(&value)
    }
}
