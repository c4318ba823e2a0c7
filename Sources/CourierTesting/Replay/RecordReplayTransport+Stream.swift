import Courier

extension RecordReplayTransport {
    /// Streams and records `request` as the body is read, or streams its recording back in the
    /// recorded chunks.
    /// - Throws: In replay mode ``MissingRecordingError`` when there is no recording, or a file
    ///   error when one cannot be read; in record mode the transfer's error. A recording that
    ///   cannot be written fails the body's last read.
    public func stream(_ request: TransportRequest) async throws -> TransportStream {
        let body = try Self.body(of: request)
        let key = RecordingKey(request.urlRequest, body: body, redaction: redaction)
        switch mode {
        case .record(let transport):
            let upstream = try await transport.stream(request)
            let name = RecordingStore.name(key, occurrence: store.nextOccurrence(of: key))
            let exchange = exchange(request.urlRequest, body: body, response: upstream.response, key: key)
            let bodyExtension = RecordedBody.streamExtension(
                contentType: upstream.response.value(forHTTPHeaderField: "Content-Type"))
            return StreamRecorder.record(upstream) { [store] file, stream in
                var exchange = exchange
                exchange.response.stream = stream
                try store.write(exchange, bodyFile: file, bodyExtension: bodyExtension, name: name)
            }
        case .replay:
            let (exchange, response, data) = try recording(
                of: request, key: key, occurrence: store.nextOccurrence(of: key))
            let recorded = exchange.response.stream ?? RecordedStream(chunks: [data.count], end: .completed)
            return TransportStream(response: response, body: recorded.replay(data))
        }
    }
}
