#if os(Linux)
    internal import CCourierCurl
    import Foundation
    import Glibc

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Opens a WebSocket over a connection libcurl makes, on a thread of the socket's own: connects,
    /// sends the opening handshake, reads and checks the answer, then becomes the
    /// ``FramedChannel``'s thread. The caller's wait ends at once when its task is cancelled; the
    /// thread then lets the connection go by itself.
    final class SocketOpening: Sendable {
        private struct State {
            var continuation: CheckedContinuation<WebSocketHandshakeAnswer, any Error>?
            var isAnswered = false
            var isCancelled = false
            var curl: CurlSocket.Opening?
        }

        private let handshake: OpeningHandshake
        private let settings: CurlSettings
        private let configuration: WebSocketConfiguration
        /// The idle timeout of the connection and the handshake, in seconds.
        private let timeout: TimeInterval
        private let state = LockedValue(State())
        private let wakeup = SocketWakeup()

        private init(
            handshake: OpeningHandshake, settings: CurlSettings, configuration: WebSocketConfiguration,
            timeout: TimeInterval
        ) {
            self.handshake = handshake
            self.settings = settings
            self.configuration = configuration
            self.timeout = timeout
        }

        /// Opens a socket for `request`, sending the transport's `sessionHeaders` it does not replace.
        static func open(
            _ request: URLRequest, sessionHeaders: [String: String], settings: CurlSettings,
            configuration: WebSocketConfiguration
        ) async throws -> WebSocketHandshakeAnswer {
            let offersCompression = configuration.compression == .permessageDeflate && SocketCompression.isAvailable
            let handshake = try OpeningHandshake(
                request: request, sessionHeaders: sessionHeaders, offersCompression: offersCompression)
            let timeout = request.timeoutInterval > 0 ? min(request.timeoutInterval, 24 * 3600) : 60
            let opening = SocketOpening(
                handshake: handshake, settings: settings, configuration: configuration, timeout: timeout)
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let isCancelled = opening.state.withLock { state -> Bool in
                        state.continuation = continuation
                        return state.isCancelled
                    }
                    if isCancelled { opening.cancel() } else { Thread.detachNewThread { opening.run() } }
                }
            } onCancel: {
                opening.cancel()
            }
        }

        /// Ends the caller's wait with a cancellation and wakes the thread, from any thread.
        private func cancel() {
            let (continuation, curl) = state.withLock { state in
                state.isCancelled = true
                defer { state.continuation = nil }
                return (state.isAnswered ? nil : state.continuation, state.curl)
            }
            continuation?.resume(throwing: CancellationError())
            if let curl { CurlSocket.cancel(curl) }
            wakeup.signal()
        }

        private var isCancelled: Bool { state.withLock { $0.isCancelled } }

        /// Answers the caller, unless it was cancelled; whether it was answered.
        private func answer(_ result: Result<WebSocketHandshakeAnswer, any Error>) -> Bool {
            let continuation = state.withLock { state -> CheckedContinuation<WebSocketHandshakeAnswer, any Error>? in
                guard !state.isAnswered, !state.isCancelled else { return nil }
                state.isAnswered = true
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(with: result)
            return continuation != nil
        }

        /// The thread: connect, handshake, then the channel's loop.
        private func run() {
            courier_curl_block_sigpipe()
            courier_curl_name_thread("courier-socket")
            let socket: CurlSocket
            do {
                socket = try CurlSocket.connect(
                    host: handshake.host, port: handshake.port, isSecure: handshake.isSecure, settings: settings,
                    timeout: timeout, opening: { curl in state.withLock { $0.curl = curl } },
                    isCancelled: { isCancelled })
            } catch {
                _ = answer(.failure(error))
                return
            }
            state.withLock { $0.curl = nil }
            do {
                let io = SocketHandshakeIO(socket: socket, wakeup: wakeup, timeout: timeout) { [self] in isCancelled }
                try io.write(handshake.head)
                let (head, leftover) = try io.readHead()
                guard let response = head.response(for: handshake.url) else { throw URLError(.badServerResponse) }
                guard head.statusCode == 101 else {
                    let body = io.readBody(of: head, after: leftover)
                    socket.close()
                    _ = answer(.success(.refused(response, body: body)))
                    return
                }
                let agreement = try handshake.check(head.fieldsByName)
                let compression = SocketCompression(agreement.compression)
                if agreement.compression != nil && compression == nil {
                    throw WebSocketError.handshakeRefused("permessage-deflate was agreed but zlib could not be loaded")
                }
                let channel = FramedChannel(
                    connection: socket, agreement: agreement, configuration: configuration, compression: compression)
                if !answer(.success(.upgraded(response, channel))) {
                    channel.closeWithoutWaiting(code: .goingAway)
                }
                channel.run(leftover: leftover)
            } catch {
                socket.close()
                _ = answer(.failure(error))
            }
        }
    }
#endif
