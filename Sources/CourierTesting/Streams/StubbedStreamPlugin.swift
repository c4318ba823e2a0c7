import Courier

/// Plays the ``StubResponse/stream(_:)`` answers of ``Stubs`` for `Provider.stream`, chunk by
/// chunk, the waits passing as the stubs' ``StubDelays`` say: really, not at all, or on their
/// ``ManualClock``. ``Stubs/plugins`` includes it.
struct StubbedStreamPlugin<Target: TargetType>: StreamStubbing, SynchronousPlugin {
    let stubs: Stubs<Target>

    func stubbedStream(for target: any TargetType, request: URLRequest) -> TransportStream? {
        guard let target = target as? Target, let script = stubs.takeStream(for: target), let url = request.url
        else { return nil }
        // A head that cannot be made (a status code HTTPURLResponse refuses) leaves the attempt to
        // the endpoint's sample, which answers the same status and body whole.
        switch stubs.delays {
        case .real:
            return try? script.play(for: url)
        case .skipped:
            return try? script.withoutWaits.play(for: url)
        case .manual(let clock):
            return try? script.play(for: url, on: clock)
        }
    }
}

extension StreamScript {
    /// This script with every wait removed.
    var withoutWaits: StreamScript {
        var script = self
        script.steps.removeAll { step in
            if case .wait = step { return true }
            return false
        }
        return script
    }
}
