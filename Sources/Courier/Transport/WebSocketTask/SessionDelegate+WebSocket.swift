#if !canImport(FoundationNetworking)
    import Foundation

    /// The callbacks of `URLSessionWebSocketTask`s (Apple platforms), handed to the
    /// ``WebSocketTaskHandler`` registered for each task. Their server-trust and authentication
    /// challenges go through the delegate's task-level challenge method, as every task's do.
    extension SessionDelegate: URLSessionWebSocketDelegate {
        /// Sends the callbacks of `task` to `handler` until the task completes. Call it before the
        /// task is resumed.
        func register(_ handler: WebSocketTaskHandler, for task: URLSessionWebSocketTask) {
            socketHandlers.withLock { $0[task.taskIdentifier] = handler }
        }

        func urlSession(
            _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?
        ) {
            socketHandlers.withLock { $0[webSocketTask.taskIdentifier] }?.open(.opened(subprotocol: `protocol`))
        }

        func urlSession(
            _ session: URLSession, webSocketTask: URLSessionWebSocketTask,
            didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
        ) {
            socketHandlers.withLock { $0[webSocketTask.taskIdentifier] }?.closed(
                code: closeCode.rawValue, reason: reason)
        }
    }
#endif
