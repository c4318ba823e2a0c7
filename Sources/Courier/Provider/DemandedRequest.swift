import Foundation

/// One request sent for a subscriber that asks for its values, as a Combine subscription does (see
/// `ProviderType+Combine.swift`): the first demand sends it, and no later one; a cancel cancels
/// it, and nothing is delivered after a cancel or after the end. Written without Combine, so that
/// Linux tests these rules.
final class DemandedRequest<Value>: @unchecked Sendable {
    // @unchecked Sendable: the stored properties are read and written only while `lock` is held.
    // The closures are called outside it, one at a time: a request delivers its values and its end
    // serially, as a Combine subscriber expects.

    /// Sends the request, which gives its values to `send` and its end to `end` (`nil` when it
    /// succeeded), and returns what cancels it.
    typealias Start = (_ send: @escaping (Value) -> Void, _ end: @escaping (CourierError?) -> Void) -> any Cancellable

    private enum State {
        /// No demand yet.
        case waiting
        /// `start` is running; `cancelled` when a cancel came meanwhile.
        case starting(cancelled: Bool)
        /// Sent; `cancellable` cancels it.
        case running(any Cancellable)
        /// Ended or cancelled: nothing more happens.
        case over
    }

    private let lock = NSLock()
    private var state = State.waiting
    private var start: Start?
    private var receive: ((Value) -> Void)?
    private var complete: ((CourierError?) -> Void)?

    /// A request that `start` sends at the first demand, delivering to `receive` and `complete`.
    init(start: @escaping Start, receive: @escaping (Value) -> Void, complete: @escaping (CourierError?) -> Void) {
        self.start = start
        self.receive = receive
        self.complete = complete
    }

    /// The subscriber asked for values: sends the request, the first time only.
    func demand() {
        let start: Start? = lock.withLock {
            guard case .waiting = state else { return nil }
            state = .starting(cancelled: false)
            defer { self.start = nil }
            return self.start
        }
        guard let start else { return }
        let cancellable = start({ value in self.send(value) }, { error in self.end(error) })
        let cancelsNow: Bool = lock.withLock {
            // Anything but `starting` means it ended inside `start` (an immediate stub): nothing to keep.
            guard case .starting(let cancelled) = state else { return false }
            state = cancelled ? .over : .running(cancellable)
            return cancelled
        }
        if cancelsNow { cancellable.cancel() }
    }

    /// The subscriber cancelled: cancels the request if it was sent, and delivers nothing more.
    func cancel() {
        let running: (any Cancellable)? = lock.withLock {
            // Releasing the closures releases the subscriber, which may hold this request.
            start = nil
            receive = nil
            complete = nil
            switch state {
            case .waiting, .over:
                state = .over
                return nil
            case .starting:
                state = .starting(cancelled: true)
                return nil
            case .running(let cancellable):
                state = .over
                return cancellable
            }
        }
        running?.cancel()
    }

    private func send(_ value: Value) {
        let receive = lock.withLock { self.receive }
        receive?(value)
    }

    private func end(_ error: CourierError?) {
        let complete: ((CourierError?) -> Void)? = lock.withLock {
            if case .over = state { return nil }
            state = .over
            defer {
                self.receive = nil
                self.complete = nil
            }
            return self.complete
        }
        complete?(error)
    }
}
