import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider's plugins, called in array order at each step of an attempt. Every loop over the
/// plugins is written here, once, for the synchronous and the asynchronous path alike.
///
/// The plugins belong to the code that made the provider: every step runs on the isolation of the
/// request it serves (see ``CallerIsolated``). A plugin's `async` steps run where its own
/// isolation says, and are awaited one at a time.
///
/// A class: the provider reads its chain several times an attempt, and a struct of four arrays and
/// a class was copied each time (four retains and four releases, about 1,200 instructions of a
/// stubbed request with two plugins).
final class PluginChain {
    typealias Outcome = Result<Response, CourierError>

    let plugins: [any PluginType]
    /// The plugins again, each in an object of its own (see ``Slot``).
    private let slots: [Slot]
    /// The plugins that are ``SynchronousPlugin``s, in order, each in an object of its own: what
    /// the synchronous path asks (it runs only when every plugin is one).
    private let synchronousSlots: [SynchronousSlot]
    /// Whether every plugin is a ``SynchronousPlugin``.
    private let allSynchronous: Bool
    /// Which of the other plugins have an `adapt` or a `retry` of their own.
    let ownSteps: PluginOwnSteps

    // The plugins are kept in objects so that a step calls each where it is stored. A method called
    // on an element of an array of existentials, or through an optional one, works on a copy, and
    // a copy of a plugin struct retains every reference it holds (four for the logger), for each
    // plugin at each of the six steps of a request. A `let` of an object is borrowed in place.

    /// A plugin, and the same plugin as the protocols that let it be asked without suspending.
    private final class Slot {
        let plugin: any PluginType
        /// The plugin as a ``SynchronousPlugin``, where it is one.
        let synchronous: (any SynchronousPlugin)?
        /// The plugin as a ``StepwiseSuspendingPlugin``, where it is one.
        let stepwise: (any StepwiseSuspendingPlugin)?

        init(_ plugin: any PluginType) {
            self.plugin = plugin
            synchronous = plugin as? any SynchronousPlugin
            stepwise = plugin as? any StepwiseSuspendingPlugin
        }
    }

    /// A plugin that is a ``SynchronousPlugin``.
    private final class SynchronousSlot {
        let plugin: any SynchronousPlugin

        init(_ plugin: any SynchronousPlugin) {
            self.plugin = plugin
        }
    }

    init(_ plugins: [any PluginType]) {
        self.plugins = plugins
        slots = plugins.map(Slot.init)
        synchronousSlots = slots.compactMap { $0.synchronous.map(SynchronousSlot.init) }
        allSynchronous = synchronousSlots.count == plugins.count
        ownSteps = PluginOwnSteps(count: plugins.count)
    }

    /// Whether no plugin has to be awaited for requests to `target`.
    func runsSynchronously(for target: any TargetType) -> Bool {
        guard allSynchronous else { return false }
        for slot in synchronousSlots where slot.plugin.suspends(for: target) { return false }
        return true
    }

    /// How a plugin's `adapt` or `retry` is asked for one attempt.
    private enum Asking {
        /// A synchronous plugin that need not be awaited for the target.
        case synchronously(any SynchronousPlugin)
        /// A synchronous plugin that must be awaited for the target only when it cannot answer at
        /// once (see ``StepwiseSuspendingPlugin``).
        case atOnceIfItCan(any StepwiseSuspendingPlugin)
        /// The protocol's default step: nothing to ask.
        case skipped
        /// A step to await in a task of its own (see ``adaptPromptly(_:_:target:at:probe:isolation:)``),
        /// with a probe when it is a plain plugin's step not known yet: the probe tells whether it
        /// was the protocol's default, which is then never awaited again.
        case awaited(probe: DefaultStepProbe?)
    }

    /// How the `step` of the plugin at `index` is asked for requests to `target`.
    private func asking(_ step: PluginOwnSteps.Step, at index: Int, target: any TargetType) -> Asking {
        let slot = slots[index]
        if let synchronous = slot.synchronous {
            guard synchronous.suspends(for: target) else { return .synchronously(synchronous) }
            return slot.stepwise.map { .atOnceIfItCan($0) } ?? .awaited(probe: nil)
        }
        switch ownSteps.kind(of: step, at: index) {
        case .protocolDefault: return .skipped
        case .own: return .awaited(probe: nil)
        case .unknown: return .awaited(probe: DefaultStepProbe(plugins[index]))
        }
    }

    /// Step 1: every `prepare`.
    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        var request = request
        for slot in slots {
            request = slot.plugin.prepare(request, target: target)
        }
        return request
    }

    /// Step 2: every `adapt`, synchronous plugins asked synchronously unless they must be awaited,
    /// other plugins' defaults skipped once known (see ``PluginOwnSteps``). Returns the request so
    /// far, and the failure when a plugin threw.
    func adapt(_ request: URLRequest, target: any TargetType, isolation: isolated (any Actor)?) async -> (
        URLRequest, CourierError?
    ) {
        var request = request
        do {
            for (index, plugin) in plugins.enumerated() {
                switch asking(.adapt, at: index, target: target) {
                case .synchronously(let synchronous):
                    request = try synchronous.adaptSynchronously(request, target: target)
                case .skipped:
                    continue
                case .atOnceIfItCan(let stepwise):
                    if let adapted = try stepwise.adaptAtOnce(request, target: target) {
                        request = adapted
                    } else {
                        request = try await adaptPromptly(
                            plugin, request, target: target, at: index, probe: nil, isolation: isolation)
                    }
                case .awaited(let probe):
                    request = try await adaptPromptly(
                        plugin, request, target: target, at: index, probe: probe, isolation: isolation)
                }
            }
            return (request, nil)
        } catch {
            return (request, Self.adaptFailure(error))
        }
    }

    /// Step 2 without suspending; only when ``runsSynchronously(for:)``.
    func adaptSynchronously(_ request: URLRequest, target: any TargetType) -> (URLRequest, CourierError?) {
        var request = request
        do {
            for slot in synchronousSlots {
                request = try slot.plugin.adaptSynchronously(request, target: target)
            }
            return (request, nil)
        } catch {
            return (request, Self.adaptFailure(error))
        }
    }

    /// Step 3: every `willSend`, once per attempt, with the request as it will be sent, or `nil`
    /// when it could not be made.
    func willSend(_ request: URLRequest?, sessionHeaders: @autoclosure () -> [String: String], target: any TargetType) {
        guard !plugins.isEmpty else { return }
        let outgoing = OutgoingRequest(request: request, sessionHeaders: sessionHeaders())
        for slot in slots {
            slot.plugin.willSend(outgoing, target: target)
        }
    }

    /// Step 4: every `didReceive`, once per attempt, then every `process`.
    func receive(_ result: Outcome, target: any TargetType) -> Outcome {
        for slot in slots {
            slot.plugin.didReceive(result, target: target)
        }
        return process(result, target: target)
    }

    /// Every `process`, in order: for an attempt's outcome, and for the failure a retry decision
    /// ends the request with.
    func process(_ result: Outcome, target: any TargetType) -> Outcome {
        var processed = result
        for slot in slots {
            processed = slot.plugin.process(processed, target: target)
        }
        return processed
    }

    /// Step 5: the first decision other than `.doNotRetry`.
    func retry(_ result: Outcome, target: any TargetType, context: RetryContext, isolation: isolated (any Actor)?)
        async -> RetryDecision
    {
        for (index, plugin) in plugins.enumerated() {
            let decision: RetryDecision
            switch asking(.retry, at: index, target: target) {
            case .synchronously(let synchronous):
                decision = synchronous.retrySynchronously(result, target: target, context: context)
            case .skipped:
                continue
            case .atOnceIfItCan(let stepwise):
                if let atOnce = stepwise.retryAtOnce(result, target: target, context: context) {
                    decision = atOnce
                } else {
                    decision = await retryPromptly(
                        plugin, result, target: target, context: context, at: index, probe: nil, isolation: isolation)
                }
            case .awaited(let probe):
                decision = await retryPromptly(
                    plugin, result, target: target, context: context, at: index, probe: probe, isolation: isolation)
            }
            if case .doNotRetry = decision { continue }
            return decision
        }
        return .doNotRetry
    }

    /// Step 5 without suspending; only when ``runsSynchronously(for:)``.
    func retrySynchronously(_ result: Outcome, target: any TargetType, context: RetryContext) -> RetryDecision {
        for slot in synchronousSlots {
            let decision = slot.plugin.retrySynchronously(result, target: target, context: context)
            if case .doNotRetry = decision { continue }
            return decision
        }
        return .doNotRetry
    }

    /// A `CourierError` as it is, a cancellation as ``CourierError/cancelled``, anything else
    /// wrapped.
    private static func adaptFailure(_ error: any Error) -> CourierError {
        Task.isCancelled ? .cancelled : .wrapping(error)
    }
}
