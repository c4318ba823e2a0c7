/// Which plain ``PluginType``s (not ``SynchronousPlugin``s) of a chain have an `adapt` or a
/// `retry` of their own, learnt the first time each is awaited (see ``DefaultStepProbe``).
///
/// A step of the plugin's own is awaited in a task of its own, with prompt cancellation; the
/// protocol's default (`adapt` returns the request, `retry` never retries) is not awaited at all
/// once known, which also spares every request an `async` call that does nothing.
final class PluginOwnSteps: Sendable {
    /// The two steps a plugin may implement asynchronously.
    enum Step: Sendable {
        case adapt, retry
    }

    /// What is known of one plugin's step.
    enum Kind: Sendable {
        /// Not awaited to its end yet.
        case unknown
        /// The protocol extension's default: nothing to await.
        case protocolDefault
        /// The plugin's own.
        case own
    }

    private let kinds: LockedValue<(adapt: [Kind], retry: [Kind])>

    /// Nothing known yet of `count` plugins.
    init(count: Int) {
        kinds = LockedValue((Array(repeating: .unknown, count: count), Array(repeating: .unknown, count: count)))
    }

    /// What is known of the `step` of the plugin at `index`.
    func kind(of step: Step, at index: Int) -> Kind {
        kinds.withLock { step == .adapt ? $0.adapt[index] : $0.retry[index] }
    }

    /// Records what `probe` saw of the `step` of the plugin at `index`, once it ran to its end.
    func learn(_ step: Step, at index: Int, from probe: DefaultStepProbe) {
        let kind: Kind = probe.defaultRan ? .protocolDefault : .own
        kinds.withLock { kinds in
            switch step {
            case .adapt: kinds.adapt[index] = kind
            case .retry: kinds.retry[index] = kind
            }
        }
    }
}

/// Tells whether a plugin's `adapt` or `retry` is the protocol's default: the default
/// implementations report to the probe of the task that awaits them, when it probes their type.
///
/// The type is compared so that a plugin whose own step calls another plugin's default (a plugin
/// that wraps others) is not taken for one without a step of its own.
final class DefaultStepProbe: Sendable {
    /// The probe of the step being awaited, if the chain is learning about it.
    @TaskLocal static var current: DefaultStepProbe?

    private let probed: ObjectIdentifier
    private let ran = LockedValue(false)

    /// A probe of the step of `plugin`.
    init(_ plugin: any PluginType) {
        probed = ObjectIdentifier(type(of: plugin))
    }

    /// Whether the default step of the probed plugin's type ran.
    var defaultRan: Bool { ran.withLock { $0 } }

    /// Called by the default steps: `plugin`'s default ran.
    static func noteDefault(of plugin: some PluginType) {
        guard let probe = current, probe.probed == ObjectIdentifier(type(of: plugin)) else { return }
        probe.ran.withLock { $0 = true }
    }
}
