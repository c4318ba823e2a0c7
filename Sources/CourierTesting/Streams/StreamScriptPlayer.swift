import Courier

/// Plays the steps of a ``StreamScript`` into a ``ResponseBodyStream``, as a transport would:
/// pausing while the reader's buffer is full, stopping when the reader leaves.
enum StreamScriptPlayer {
    static func play(_ steps: [StreamScript.Step], on clock: some Clock<Duration>) -> ResponseBodyStream {
        let (body, writer) = ResponseBodyStream.makeStream()
        let demand = DemandSignal()
        writer.onDemand { demand.signal() }
        let task = Task {
            for step in steps {
                guard !writer.isTerminated else { return }
                switch step {
                case .chunk(let chunk):
                    if !writer.yield(chunk) { await demand.wait() }
                case .wait(let duration):
                    do {
                        try await clock.sleep(for: duration)
                    } catch {
                        return
                    }
                case .fail(let error):
                    writer.finish(throwing: error)
                    return
                }
            }
            writer.finish()
        }
        writer.onTermination {
            task.cancel()
            demand.signal()
        }
        return body
    }
}

/// A one-slot signal: ``wait()`` returns once ``signal()`` has been called since the last wait.
final class DemandSignal: Sendable {
    private struct State {
        var isSignalled = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = LockedValue(State())

    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state.waiter = nil }
            if state.waiter == nil { state.isSignalled = true }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if state.isSignalled {
                    state.isSignalled = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
