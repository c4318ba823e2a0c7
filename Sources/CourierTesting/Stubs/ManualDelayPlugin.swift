import Courier

/// Holds each stubbed request of ``StubDelays/manual(_:)`` stubs until the test moves the clock
/// past its response's delay. It runs in `adapt`, the only asynchronous step before the stub.
struct ManualDelayPlugin<Target: TargetType>: PluginType {
    let stubs: Stubs<Target>
    let clock: ManualClock

    func adapt(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        guard let target = target as? Target else { return request }
        let delay = stubs.peek(target).delay
        if delay > 0 {
            try await clock.sleep(for: .seconds(delay))
        }
        return request
    }
}
