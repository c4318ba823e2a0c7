import Courier

extension RecordReplayTransport: WebSocketOpening {
    /// Opens and records a WebSocket through the recording transport, or replays one: the
    /// handshake's response, then the conversation, played as a ``WebSocketScript`` (the server
    /// sends what was read, expects what was sent, in the recorded order, and ends as the recording
    /// did). A refused handshake is recorded and replayed as any response. Messages are stored as
    /// they were: their secrets are not hidden.
    /// - Throws: In replay mode ``MissingRecordingError``; in record mode the recording transport's
    ///   error, or ``WebSocketError/unsupportedTransport(_:)`` when it cannot open sockets.
    package func openWebSocket(_ request: URLRequest, configuration: WebSocketConfiguration) async throws
        -> WebSocketHandshakeAnswer
    {
        let key = RecordingKey(request, body: nil, redaction: redaction)
        let occurrence = store.nextOccurrence(of: key)
        switch mode {
        case .record(let transport):
            guard let opener = transport as? any WebSocketOpening else {
                throw WebSocketError.unsupportedTransport(String(describing: type(of: transport)))
            }
            let answer = try await opener.openWebSocket(request, configuration: configuration)
            let name = RecordingStore.name(key, occurrence: occurrence)
            switch answer {
            case .refused(let response, let body):
                let file = RecordedBody.responseFile(body, redaction)
                var exchange = exchange(request, body: nil, response: response, key: key)
                exchange.response.bodyLayout = file.data.isEmpty ? nil : file.layout
                try store.write(exchange, body: file.data, bodyExtension: file.pathExtension, name: name)
                return answer
            case .upgraded(let response, let channel):
                let exchange = exchange(request, body: nil, response: response, key: key)
                let recording = RecordingChannel(channel) { [store] conversation in
                    var exchange = exchange
                    exchange.response.conversation = conversation
                    try store.write(exchange, body: nil, bodyExtension: "bin", name: name)
                }
                return .upgraded(response, recording)
            }
        case .replay:
            let (exchange, response, body) = try recording(
                of: TransportRequest(urlRequest: request), key: key, occurrence: occurrence)
            guard response.statusCode == 101, let conversation = exchange.response.conversation else {
                return .refused(response, body: body)
            }
            let subprotocol = response.value(forHTTPHeaderField: "Sec-WebSocket-Protocol")
            var stub = conversation.script(subprotocol: subprotocol).stubbedWebSocket()
            stub.headers = exchange.response.headers
            return try stub.answer(for: request, configuration: configuration).get()
        }
    }
}
