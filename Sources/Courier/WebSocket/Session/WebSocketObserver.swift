/// Tells a socket's ``WebSocketPluginType`` plugins of its events, in order, on the isolation of the
/// code that opened it: at once for a caller on no actor, else through a task on its actor that
/// takes them one by one. The close is told once, whoever reports it first.
final class WebSocketObserver: Sendable {
    private let tell: CallerIsolated<(WebSocketEvent) -> Void>
    private let events: AsyncStream<WebSocketEvent>.Continuation?
    private let hasClosed = LockedValue(false)

    /// An observer for `listeners` of `target`, told in the handshake's `context` on `isolation`;
    /// `nil` when there are no listeners.
    init?(
        listeners: [any WebSocketPluginType], target: any TargetType, context: RequestContext?,
        isolation: (any Actor)?
    ) {
        guard !listeners.isEmpty else { return nil }
        // The caller's plugins and target, in a box: they are told on the caller's isolation.
        let parts = CallerIsolated((listeners, target))
        let tell = CallerIsolated { (event: WebSocketEvent) in
            RequestContext.$running.withValue(context) {
                for listener in parts.value.0 { listener.webSocket(event, target: parts.value.1) }
            }
        }
        self.tell = tell
        guard let isolation else {
            events = nil
            return
        }
        let (stream, continuation) = AsyncStream.makeStream(of: WebSocketEvent.self)
        events = continuation
        Task { await tellEvents(stream, tell, isolation: isolation) }
    }

    deinit {
        events?.finish()
    }

    /// Tells the plugins of `event`; a second close is dropped.
    func report(_ event: WebSocketEvent) {
        if case .closed = event {
            let isFirst = hasClosed.withLock { hasClosed in
                defer { hasClosed = true }
                return !hasClosed
            }
            guard isFirst else { return }
        }
        guard let events else { return tell.value(event) }
        events.yield(event)
        if case .closed = event { events.finish() }
    }

    /// Tells the plugins of the close `closure` describes.
    func reportClose(_ closure: WebSocketClosure?) {
        guard let closure else { return }
        report(.closed(closure.code, reason: closure.reason, error: closure.error))
    }
}

/// Tells `tell` of each event of `stream` on `isolation`, the caller's, where its plugins belong.
private func tellEvents(
    _ stream: AsyncStream<WebSocketEvent>, _ tell: CallerIsolated<(WebSocketEvent) -> Void>,
    isolation: isolated any Actor
) async {
    for await event in stream {
        tell.value(event)
    }
}
