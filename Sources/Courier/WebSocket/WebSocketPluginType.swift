/// A plugin that also hears what happens on the sockets ``Provider/webSocket(_:isolation:)`` opens:
/// each message sent and read, and the close.
///
/// The handshake runs the whole plugin chain like any request (`prepare`, `adapt`, `willSend`, then
/// `didReceive` and `process` with the `101` response, or the failure); a plugin that conforms to
/// this protocol then gets one ``webSocket(_:target:)`` call per event, in order, on the isolation
/// of the code that opened the socket (the main actor, for a view model), with
/// ``RequestContext/current`` set as for the handshake. `NetworkLoggerPlugin` logs the close, and
/// each message when its options include `webSocketMessages`.
public protocol WebSocketPluginType: PluginType {
    /// Called once per event of a socket opened for `target`.
    /// - Parameters:
    ///   - event: What happened.
    ///   - target: The target.
    func webSocket(_ event: WebSocketEvent, target: any TargetType)
}
