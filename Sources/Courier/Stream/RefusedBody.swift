import Foundation

/// The start of the body of a streamed response whose status the target refuses: read for the
/// ``CourierError/statusCode(_:)`` error, as a plain request's error carries its body, but only
/// up to ``limit`` bytes and for at most ``timeLimit``, since such a body may be a stream too.
enum RefusedBody {
    /// At most this many bytes are read: 64 KiB.
    static let limit = 64 * 1024
    /// At most this long is waited for them: 5 seconds.
    static let timeLimit = Duration.seconds(5)

    /// Reads the start of `body`, then stops its transfer.
    static func start(of body: ResponseBodyStream, limit: Int = limit, within timeLimit: Duration = timeLimit) async
        -> Data
    {
        let read = LockedValue(Data())
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    for try await chunk in body {
                        let isFull = read.withLock { data -> Bool in
                            data.append(chunk.prefix(limit - data.count))
                            return data.count >= limit
                        }
                        if isFull { break }
                    }
                } catch {
                    // What arrived before the failure is all there is to show.
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeLimit)
            }
            await group.next()
            group.cancelAll()
        }
        body.cancel()
        return read.withLock { $0 }
    }
}
