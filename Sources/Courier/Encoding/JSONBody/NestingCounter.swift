/// What Courier's two ways of encoding an `Encodable` body share to bound its depth: the coding
/// paths, for the error's key path, and a place to keep the first problem, which the top level throws
/// even if the value's own code swallowed the error.
protocol NestingCounter: AnyObject {
    var paths: CodingPathArena { get }
    /// Keeps `problem` unless one was found before.
    func record(_ problem: any Error)
}

extension NestingCounter {
    /// Throws (and records) ``ParameterEncodingError/nestingTooDeep(key:limit:)`` when a value or
    /// container below `key`, one level under `depth`, would pass ``HTTPTask/maximumNestingDepth``.
    func checkDepth(_ depth: Int32, path: Int32, key: (any CodingKey)?) throws(ParameterEncodingError) {
        guard depth >= HTTPTask.maximumNestingDepth else { return }
        let error = ParameterEncodingError.nestingTooDeep(
            key: paths.nestingPath(at: path, then: key), limit: HTTPTask.maximumNestingDepth)
        record(error)
        throw error
    }

    /// Whether a container below `key` may open one level under `depth`; records the problem when not.
    func allowsContainer(below depth: Int32, path: Int32, key: (any CodingKey)?) -> Bool {
        do {
            try checkDepth(depth, path: path, key: key)
            return true
        } catch {
            return false
        }
    }
}
