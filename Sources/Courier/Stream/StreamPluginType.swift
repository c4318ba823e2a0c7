/// A plugin that also hears when a streamed response ends (`Provider.stream(_:)`).
///
/// A streamed request runs the plugin chain like any other: `willSend` before it, `didReceive`
/// and `process` with the response head (its data empty) as soon as the head arrives. The body
/// then goes to the caller without passing through plugins, and a plugin that conforms to this
/// protocol gets one ``didFinishStream(_:target:)`` call when the caller is done with it, with
/// ``RequestContext/current`` set as for the request's other calls. `NetworkLoggerPlugin` logs
/// it as one line.
public protocol StreamPluginType: PluginType {
    /// Called once when a streamed response ends: the body ended or failed, or the caller left it.
    /// It may run on any thread, often the caller's; keep it short.
    /// - Parameters:
    ///   - summary: What was read, for how long, and how it ended.
    ///   - target: The target.
    func didFinishStream(_ summary: StreamSummary, target: any TargetType)
}
