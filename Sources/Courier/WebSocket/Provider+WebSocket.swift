import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Provider {
    /// Opens a WebSocket for `target` and returns it once the handshake is done.
    ///
    /// ```swift
    /// let socket = try await provider.webSocket(.room("swift"))
    /// try await socket.send(.text("hello"))
    /// for try await message in socket.messages { print(message) }
    /// ```
    ///
    /// The handshake runs the whole pipeline of ``request(_:isolation:)->Response``: the endpoint and request
    /// closures, `prepare`, `adapt` (an `AccessTokenPlugin`'s header reaches it) and `willSend`, then
    /// the stub or the transport, `didReceive` and `process` with the handshake's response, and
    /// retries decided on it. A `101` that completes the handshake is its success whatever the
    /// target's `validationType`; any other status fails with ``CourierError/statusCode(_:)``, whose
    /// response holds the start of the body. ``WebSocketPluginType`` plugins then hear of each message
    /// and of the close.
    ///
    /// - The target's task is usually ``HTTPTask/webSocket(protocols:)``; `.requestPlain` and
    ///   parameters in the URL work too. Its URL may be `ws`, `wss`, `http` or `https`.
    /// - How the socket reads, pings and closes: the target's
    ///   ``TargetType/webSocketConfiguration``, else the provider's ``webSocketConfiguration``.
    /// - The target's `timeoutInterval` bounds each wait of the handshake, its
    ///   `timeoutIntervalForResource` the whole handshake; neither applies once the socket is open.
    /// - Stubbed attempts open a socket of a ``WebSocketStubbing`` plugin, or of the endpoint's
    ///   sample.
    /// - The target and the plugins are used on the caller's isolation (`isolation`), as in
    ///   ``request(_:isolation:)->Response``; the socket's methods may then be called from anywhere.
    /// - Parameters:
    ///   - target: The target.
    ///   - isolation: The caller's isolation; leave it out.
    /// - Throws: ``CourierError``: ``CourierError/statusCode(_:)`` for a refused handshake, a
    ///   ``WebSocketError`` inside ``CourierError/underlying(_:_:)`` for a `101` that does not
    ///   complete it or a transport that cannot open sockets, ``CourierError/cancelled``.
    public func webSocket(_ target: Target, isolation: isolated (any Actor)? = #isolation) async throws(CourierError)
        -> WebSocket
    {
        let exchange = await makeExchange(target, opensWebSocket: true, isolation: isolation)
        let configuration = target.webSocketConfiguration ?? webSocketConfiguration
        let answer = await runAttempts(exchange, step: webSocketStep(exchange, configuration), isolation: isolation)
        let response: Response
        switch answer.result {
        case .success(let success): response = success
        case .failure(let error): throw error
        }
        guard let opened = answer.held as? OpenedWebSocket else {
            // A plugin's `process` turned a failure into a success: there is no socket to give.
            throw .underlying(
                WebSocketError.handshakeRefused("a plugin answered the handshake without a socket"), response)
        }
        let observer = WebSocketObserver(
            listeners: plugins.compactMap { $0 as? any WebSocketPluginType }, target: exchange.anyTarget,
            context: opened.context, isolation: isolation)
        return WebSocket(response: response, channel: opened.channel, decoder: target.decoder, observer: observer)
    }

    /// The exchange step of a handshake: the transport's socket, or a stub's; a `101` answers the
    /// attempt with the socket kept aside, any other status fails it with its response.
    private func webSocketStep(_ exchange: Exchange<Target>, _ configuration: WebSocketConfiguration) -> ExchangeStep {
        let resourceTimeout = exchange.target.timeoutIntervalForResource
        return ExchangeStep { request, stub, isolation in
            let context = RequestContext.current
            let answer: Result<WebSocketHandshakeAnswer, CourierError>
            switch stub {
            case .never:
                answer = await Self.openWebSocket(request, self.transport, configuration, resourceTimeout)
            case .immediate:
                answer = self.stubbedWebSocket(request, exchange, configuration)
            case .delayed(let seconds):
                do {
                    try await Task.sleep(for: .saturating(seconds: seconds))
                    answer = self.stubbedWebSocket(request, exchange, configuration)
                } catch {
                    answer = .failure(.cancelled)
                }
            }
            let origin: ResponseOrigin = stub == .never ? .network : .stub
            switch answer {
            case .failure(let error):
                return ExchangeAnswer(.failure(error))
            case .success(.refused(let http, let body)):
                let response = Response(
                    statusCode: http.statusCode, data: body, request: request, http: .made(http), fileURL: nil,
                    origin: origin)
                return ExchangeAnswer(.failure(.statusCode(response)))
            case .success(.upgraded(let http, let channel)):
                let response = Response(
                    statusCode: http.statusCode, data: Data(), request: request, http: .made(http), fileURL: nil,
                    origin: origin)
                return ExchangeAnswer(.success(response), held: OpenedWebSocket(channel: channel, context: context))
            }
        }
    }

    /// Opens a socket with `transport`, within the target's total limit.
    private static func openWebSocket(
        _ request: URLRequest, _ transport: any HTTPTransport, _ configuration: WebSocketConfiguration,
        _ resourceTimeout: TimeInterval?
    ) async -> Result<WebSocketHandshakeAnswer, CourierError> {
        guard let opener = transport as? any WebSocketOpening else {
            return .failure(
                .underlying(WebSocketError.unsupportedTransport(String(describing: type(of: transport))), nil))
        }
        do {
            return .success(
                try await ResourceDeadline.run(resourceTimeout) {
                    try await opener.openWebSocket(request, configuration: configuration)
                })
        } catch let error as WebSocketError {
            return .failure(.underlying(error, nil))
        } catch {
            return .failure(ResourceDeadline.courierError(for: error))
        }
    }

    /// A stubbed attempt's socket: the first ``WebSocketStubbing`` plugin's, or else the endpoint's
    /// sample.
    private func stubbedWebSocket(
        _ request: URLRequest, _ exchange: Exchange<Target>, _ configuration: WebSocketConfiguration
    ) -> Result<WebSocketHandshakeAnswer, CourierError> {
        for case let stubbing as any WebSocketStubbing in plugins {
            if let stub = stubbing.stubbedWebSocket(for: exchange.anyTarget, request: request) {
                return stub.answer(for: request, configuration: configuration)
            }
        }
        return Self.sample(exchange.endpoint, request: request).flatMap { response in
            let code = response.statusCode
            let stub =
                code == 101 || (200..<300).contains(code)
                ? StubbedWebSocket.sending(response.data)
                : StubbedWebSocket.refused(
                    code, headers: response.response.map { HTTPHeaders.normalized($0.allHeaderFields) } ?? [:],
                    body: response.data)
            return stub.answer(for: request, configuration: configuration)
        }
    }
}

/// The socket of a handshake's attempt, kept aside while the pipeline looks at its response; an
/// attempt that is not delivered closes it.
struct OpenedWebSocket: HeldAside {
    let channel: any WebSocketChannel
    /// The attempt's context, for the socket's plugins.
    let context: RequestContext?

    func release() {
        channel.closeWithoutWaiting(code: .goingAway)
    }
}

extension StubbedWebSocket {
    /// A socket whose server sends `data` as one message (none when empty), then stays open.
    static func sending(_ data: Data) -> StubbedWebSocket {
        StubbedWebSocket { peer in
            guard !data.isEmpty else { return }
            await peer.send(String(utf8Validating: data).map(WebSocketMessage.text) ?? .binary(data))
        }
    }

    /// The transport's answer this stub stands for.
    package func answer(for request: URLRequest, configuration: WebSocketConfiguration) -> Result<
        WebSocketHandshakeAnswer, CourierError
    > {
        guard let url = request.url,
            let http = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
        else { return .failure(.underlying(URLError(.badServerResponse), nil)) }
        guard statusCode == 101 else { return .success(.refused(http, body: body)) }
        return .success(
            .upgraded(http, MemoryChannel(subprotocol: subprotocol, configuration: configuration, script: script)))
    }
}
