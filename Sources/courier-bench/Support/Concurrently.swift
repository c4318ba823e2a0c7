/// Runs an operation a number of times, keeping `width` of them in flight.
enum Concurrently {
    static func run(_ count: Int, width: Int, _ operation: @escaping @Sendable () async throws -> Void) async throws {
        guard width > 1 else {
            for _ in 0..<count { try await operation() }
            return
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            var started = 0
            while started < min(width, count) {
                group.addTask(operation: operation)
                started += 1
            }
            while try await group.next() != nil {
                guard started < count else { continue }
                group.addTask(operation: operation)
                started += 1
            }
        }
    }
}
