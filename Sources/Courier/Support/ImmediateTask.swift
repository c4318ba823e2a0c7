/// Starts `operation` as a task on `isolation` (the caller's), which runs synchronously in the
/// caller until its first real suspension where the platform has `Task.immediate` (all of Linux;
/// Apple platforms from the 2025 releases), and as an ordinary task elsewhere. `Task.immediate`
/// exists only in Swift 6.2 and later compilers.
@discardableResult
func startImmediateTask(
    isolation: isolated (any Actor)?, _ operation: @escaping (isolated (any Actor)?) async -> Void
) -> Task<Void, Never> {
    // Each closure captures `isolation`, so that it is isolated to it (SE-0420) and `operation`
    // starts without a hop: on the caller's actor, or in the caller for a caller on none.
    #if compiler(>=6.2)
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate {
                _ = isolation
                await operation(isolation)
            }
        }
    #endif
    return Task {
        _ = isolation
        await operation(isolation)
    }
}
