#if os(Linux)
    import Foundation

    /// The sockets of one event loop's connections, and which of them last carried an HTTP/1
    /// answer: what is needed to see whether a kept-alive connection holds bytes nobody asked for
    /// before libcurl sends a request on it again.
    ///
    /// A server may write on an idle kept-alive connection (a late answer, a second answer to one
    /// request). If the connection is reused, the client reads those bytes as the answer to its
    /// next request. libcurl up to 7.87 takes such a plain HTTP connection for dead, but over TLS
    /// it takes it for alive; 7.88 takes both for alive; 8.0 and later refuse to reuse any
    /// connection with input waiting. So on 7.80 to 7.88 (7.80 brings the pre-request callback)
    /// every request on a reused HTTP/1 connection is first checked here: unread bytes mean the
    /// transfer is started again on a new connection (see `CurlTransfer.prepareToSend`). HTTP/2
    /// connections are not checked: their frames name the stream they belong to.
    ///
    /// Used on the loop's thread only (libcurl's callbacks run there).
    final class CurlConnections {
        /// The sockets libcurl made and has not closed, with their local port once looked up (0
        /// before).
        private var sockets: [Int32: Int] = [:]
        /// The sockets whose local port is known, by port: a request's check finds its socket at
        /// once, however many connections are open.
        private var byPort: [Int: Int32] = [:]
        /// Local ports of connections whose last answer was HTTP/1.
        private var http1Ports: Set<Int> = []

        /// Whether to check reused connections on this libcurl (see the type's comment).
        static let checksReusedConnections = CurlLibrary.isAtLeast(7, 80) && !CurlLibrary.isAtLeast(8, 0)

        /// libcurl made `socket` for a connection.
        func opened(_ socket: Int32) {
            sockets[socket] = 0
        }

        /// libcurl is done with `socket`: it is forgotten and closed.
        func close(_ socket: Int32) {
            if let port = sockets.removeValue(forKey: socket), port != 0 {
                http1Ports.remove(port)
                byPort[port] = nil
            }
            _ = Glibc.close(socket)
        }

        /// An answer of `version` (`HTTP/1.1`, `HTTP/2`…) arrived on the connection from local
        /// port `localPort`.
        func answered(_ version: String, onLocalPort localPort: Int) {
            guard localPort > 0 else { return }
            if version.hasPrefix("HTTP/1") {
                http1Ports.insert(localPort)
            } else {
                http1Ports.remove(localPort)
            }
        }

        /// Whether the HTTP/1 connection from local port `localPort` has bytes waiting that no
        /// request asked for. `false` for a connection not known to be HTTP/1.
        func hasUnreadBytes(onLocalPort localPort: Int) -> Bool {
            guard http1Ports.contains(localPort), let socket = socket(onLocalPort: localPort) else { return false }
            var byte: UInt8 = 0
            return recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
        }

        /// The socket bound to `localPort`, looking the ports of new sockets up as needed.
        private func socket(onLocalPort localPort: Int) -> Int32? {
            if let socket = byPort[localPort] { return socket }
            // A miss happens once per connection: its socket's port was not looked up yet.
            for (socket, port) in sockets where port == 0 {
                // Not yet bound (port 0), or not a socket getsockname can read: looked up again later.
                guard let found = Self.localPort(of: socket), found > 0 else { continue }
                sockets[socket] = found
                byPort[found] = socket
                if found == localPort { return socket }
            }
            return nil
        }

        private static func localPort(of socket: Int32) -> Int? {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let status = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
            }
            guard status == 0 else { return nil }
            return withUnsafePointer(to: &address) { pointer -> Int? in
                switch Int32(pointer.pointee.ss_family) {
                case AF_INET:
                    pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        Int(UInt16(bigEndian: $0.pointee.sin_port))
                    }
                case AF_INET6:
                    pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        Int(UInt16(bigEndian: $0.pointee.sin6_port))
                    }
                default: nil
                }
            }
        }
    }
#endif
