/// Something of the code that sends a request — its target, the closures and plugins it gave the
/// provider, its completion handler — carried through the pipeline's `Sendable` plumbing.
///
/// Targets, plugins and the provider's closures are not `Sendable`: in an app they are usually
/// isolated to the main actor (Xcode 26 makes app code main-actor by default), and Moya never
/// asked more of them. The pipeline therefore uses them only where their owner runs:
///
/// - the async API (`request(_:isolation:)` and the forms built on it) runs every step that
///   touches them on the caller's actor, the `isolation` argument (`#isolation` by default); only
///   `Sendable` values (`TransportRequest`, `Response`) go to the transport, off that actor;
/// - the completion API runs the same steps in the `request` call, then on the caller's actor, or,
///   for a caller isolated to no actor, one step at a time in the request's own task, as Moya
///   runs them on the calling thread and then on its callback queue;
/// - a plugin's `async` steps (`adapt`, `retry`) run where the plugin's own isolation says, as
///   any async method does; the pipeline awaits each before the next step.
///
/// `@unchecked Sendable` stands for that invariant: a value in this box is touched by one step of
/// one request at a time, on its owner's isolation. A provider shared by code on several actors at
/// once calls its closures and plugins from each, as a shared Moya provider does; they must then
/// be safe to call from each (the documentation says so, in the Concurrency article).
package struct CallerIsolated<Value>: @unchecked Sendable {
    /// The value.
    package let value: Value

    /// Boxes `value`.
    package init(_ value: Value) {
        self.value = value
    }
}
