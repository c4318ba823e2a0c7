import Courier

/// Plays the steps of a ``WebSocketScript`` as the server of a stubbed socket.
enum WebSocketScriptPlayer {
    static func play(_ steps: [WebSocketScript.Step], on peer: WebSocketPeer, clock: some Clock<Duration>) async {
        for step in steps {
            switch step {
            case .send(let message):
                await peer.send(message)
            case .expect(let expected):
                switch await peer.receive() {
                case .message(let message)? where message == expected:
                    continue
                case let other:
                    return await refuse(other, expected: "\(expected)", on: peer)
                }
            case .expectAnyMessage:
                guard case .message? = await peer.receive() else { return }
            case .wait(let duration):
                do {
                    try await clock.sleep(for: duration)
                } catch {
                    return
                }
            case .close(let code, let reason):
                await peer.close(code: code, reason: reason)
                return
            case .expectClose:
                switch await peer.receive() {
                case .close(let code, _)?:
                    await peer.close(code: code ?? .normalClosure)
                    return
                case let other:
                    return await refuse(other, expected: "a close", on: peer)
                }
            case .echo:
                while let event = await peer.receive() {
                    switch event {
                    case .message(let message):
                        await peer.send(message)
                    case .close(let code, _):
                        await peer.close(code: code ?? .normalClosure)
                        return
                    }
                }
                return
            case .dropConnection:
                peer.dropConnection()
                return
            }
        }
    }

    /// Closes with 1008 and a reason that says what the step expected and what came; a close from
    /// the client instead is answered as it is.
    private static func refuse(_ event: WebSocketPeer.Event?, expected: String, on peer: WebSocketPeer) async {
        switch event {
        case .close(let code, _)?:
            await peer.close(code: code ?? .normalClosure)
        case .message(let message)?:
            await peer.close(code: .policyViolation, reason: "the script expected \(expected), got \(message)")
        case nil:
            return
        }
    }
}
