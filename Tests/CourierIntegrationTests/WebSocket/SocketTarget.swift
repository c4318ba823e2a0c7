#if os(Linux)
    import Courier
    import Foundation

    /// A WebSocket target at a test server's URL.
    struct SocketTarget: TargetType {
        var baseURL: URL
        var path = ""
        var method: HTTPMethod { .get }
        var task: HTTPTask = .webSocket(protocols: [])
        var headers: [String: String]?
        var webSocketConfiguration: WebSocketConfiguration?

        init(_ url: URL, protocols: [String] = [], configuration: WebSocketConfiguration? = nil) {
            baseURL = url
            task = .webSocket(protocols: protocols)
            webSocketConfiguration = configuration
        }
    }

    extension WebSocketConfiguration {
        /// Short timeouts, so that tests of a silent server end quickly; compression off unless the
        /// test turns it on.
        static var quick: WebSocketConfiguration {
            WebSocketConfiguration(
                pongTimeout: .seconds(2), closeTimeout: .seconds(1), compression: .disabled)
        }
    }

    /// Reads every message until the loop ends; the error it ended with, if any.
    func drain(_ socket: WebSocket) async -> (messages: [WebSocketMessage], error: CourierError?) {
        var messages: [WebSocketMessage] = []
        do {
            for try await message in socket.messages { messages.append(message) }
            return (messages, nil)
        } catch {
            return (messages, error)
        }
    }

    extension CourierError {
        /// The ``WebSocketError`` inside, if any.
        var webSocketError: WebSocketError? {
            if case .underlying(let error as WebSocketError, _) = self { return error }
            return nil
        }
    }
#endif
