import Courier

extension NetworkLoggerPlugin: WebSocketPluginType {
    /// Logs a WebSocket's close in one line, after its handshake was logged as a request and its
    /// response (`WebSocket: closed with 1000 (normal closure), reason "bye"`), and, when the options
    /// include ``Configuration/LogOptions/webSocketMessages``, each message: `WebSocket Sent: …` and
    /// `WebSocket Received: …`, rendered as bodies are and redacted as everything the logger writes.
    public func webSocket(_ event: WebSocketEvent, target: any TargetType) {
        let entry: (identifier: String, message: String)
        switch event {
        case .sent(let message):
            guard configuration.logOptions.contains(.webSocketMessages) else { return }
            entry = ("WebSocket Sent", render(message))
        case .received(let message):
            guard configuration.logOptions.contains(.webSocketMessages) else { return }
            entry = ("WebSocket Received", render(message))
        case .closed(let code, let reason, let error):
            var line = "closed with \(code)"
            if !reason.isEmpty { line += ", reason \"\(reason)\"" }
            if let error { line += ": " + error.description }
            entry = ("WebSocket", line)
        }
        let message = configuration.redaction.redacting(entry.message)
        configuration.output(target, [configuration.formatter.entry(entry.identifier, message, target)])
    }

    /// `text(12 bytes) {"a":1}`: the kind and size, then the content as a body is shown.
    private func render(_ message: WebSocketMessage) -> String {
        let contentType: String? =
            switch message {
            case .text: "text/plain"
            case .binary: "application/octet-stream"
            }
        return "\(message) " + BodyRenderer(configuration).render(message.data, contentType: contentType)
    }
}
