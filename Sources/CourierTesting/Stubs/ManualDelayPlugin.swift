import Courier

/// Holds each stubbed request of ``StubDelays/manual(_:)`` stubs until the test moves the clock
/// past its response's delay. It runs in `adapt`, the only asynchronous step before the stub, and
/// only for attempts whose response has a delay: the others run without suspending.
struct ManualDelayPlugin<Target: TargetType>: SynchronousPlugin {
    let stubs: Stubs<Target>
    let clock: ManualClock

    func suspends(for target: any TargetType) -> Bool {
        delay(for: target) > 0
    }

    func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        let delay = delay(for: target)
        if delay > 0 {
            try await clock.sleep(for: .saturating(seconds: delay))
        }
        return request
    }

    /// The delay of the response the current attempt gets.
    private func delay(for target: any TargetType) -> TimeInterval {
        guard let target = target as? Target else { return 0 }
        return stubs.response(for: target).delay
    }
}
