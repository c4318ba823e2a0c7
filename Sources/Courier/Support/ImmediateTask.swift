/// Starts `operation` as a task that runs synchronously on the caller until its first suspension,
/// where the platform has `Task.immediate` (all of Linux; Apple platforms from the 2025 releases),
/// and as an ordinary task elsewhere. `Task.immediate` exists only in Swift 6.2 and later compilers.
@discardableResult
func startImmediateTask(_ operation: sending @escaping () async -> Void) -> Task<Void, Never> {
    #if compiler(>=6.2)
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate(operation: operation)
        }
    #endif
    return Task(operation: operation)
}
