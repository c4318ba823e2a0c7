#if os(Linux)
    internal import CCourierCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// What a transfer does about the connections libcurl picks for it: refusing one once its
    /// caller has left (see `CurlEventLoop.finish`), and one that holds bytes nobody asked for (see
    /// ``CurlConnections``).
    extension CurlTransfer {
        /// Marks the transfer abandoned: it stays on libcurl after its caller was answered, and
        /// refuses to go on from there (see `CurlEventLoop.finish`).
        func abandon() {
            isAbandoned = true
        }

        /// libcurl made `socket` for the transfer, about to connect; `false` refuses it (the
        /// transfer then ends without connecting).
        func acceptSocket(_ socket: Int32) -> Bool {
            guard !isAbandoned else { return false }
            connections?.opened(socket)
            return true
        }

        /// libcurl is about to send the request on the connection from `localPort`; `false` stops
        /// the transfer first. A reused HTTP/1 connection holding bytes nobody asked for would hand
        /// them over as this request's answer: the transfer stops and is started again on a new
        /// connection (the request has not been sent, so any method may go again).
        func prepareToSend(localPort: Int) -> Bool {
            guard !isAbandoned else { return false }
            guard !usesFreshConnection, let easy, let connections,
                easy.long(COURIER_CURLINFO_NUM_CONNECTS) == 0,
                connections.hasUnreadBytes(onLocalPort: localPort)
            else { return true }
            needsFreshConnection = true
            return false
        }

        /// Gets ready to start again on a new connection after ``needsFreshConnection`` (call it
        /// once the easy handle has left the multi handle and been reset).
        func prepareFreshConnection() {
            needsFreshConnection = false
            usesFreshConnection = true
            _ = plan.body?.seek(to: 0)
            head = CurlResponseHead()
            headBytes = 0
        }

    }
#endif
