import Courier

/// Plays the ``StubResponse/webSocket(_:)`` answers of ``Stubs`` for `Provider.webSocket`, the
/// conversations' waits passing as the stubs' ``StubDelays`` say. ``Stubs/plugins`` includes it.
struct StubbedWebSocketPlugin<Target: TargetType>: WebSocketStubbing, SynchronousPlugin {
    let stubs: Stubs<Target>

    func stubbedWebSocket(for target: any TargetType, request: URLRequest) -> StubbedWebSocket? {
        guard let target = target as? Target, let script = stubs.takeWebSocket(for: target) else { return nil }
        switch stubs.delays {
        case .real: return script.stubbedWebSocket()
        case .skipped: return script.withoutWaits.stubbedWebSocket()
        case .manual(let clock): return script.stubbedWebSocket(on: clock)
        }
    }
}

extension WebSocketScript {
    /// This conversation with every wait removed.
    var withoutWaits: WebSocketScript {
        var script = self
        script.steps.removeAll { step in
            if case .wait = step { return true }
            return false
        }
        return script
    }
}
