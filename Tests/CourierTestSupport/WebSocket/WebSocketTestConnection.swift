#if os(Linux)
    import Courier
    import Foundation
    import Glibc

    /// One connection of a ``WebSocketTestServer``, as its script sees it: blocking reads and writes
    /// of exact bytes and frames.
    public final class WebSocketTestConnection: @unchecked Sendable {
        // @unchecked Sendable: used by its script's thread only, and closed by the same thread after
        // the script returns.

        /// The opcodes, as the wire writes them.
        public enum Opcode: UInt8, Sendable {
            case continuation = 0
            case text = 1
            case binary = 2
            case close = 8
            case ping = 9
            case pong = 10
        }

        /// A frame as the client sent it, its payload unmasked.
        public struct Frame: Sendable, Equatable {
            /// FIN.
            public var isFinal: Bool
            /// RSV1 to RSV3, as the bits `0x70` of the first byte.
            public var reservedBits: UInt8
            /// The opcode's four bits.
            public var opcode: UInt8
            /// Whether the client masked it (a client must).
            public var isMasked: Bool
            /// The mask key, most significant byte first.
            public var maskKey: UInt32?
            /// The payload, unmasked.
            public var payload: [UInt8]

            /// The payload as UTF-8 text.
            public var text: String { String(decoding: payload, as: UTF8.self) }
        }

        /// The opening handshake as the client sent it.
        public struct Handshake: Sendable {
            /// `GET /path HTTP/1.1`.
            public var requestLine: String
            /// Header fields by lowercased name; repeated names joined with `, `.
            public var headers: [String: String]
            /// `Sec-WebSocket-Key`.
            public var key: String { headers["sec-websocket-key"] ?? "" }
        }

        /// How long a read waits before the script fails: 10 seconds.
        public static let readTimeout: TimeInterval = 10

        private let descriptor: Int32
        private var buffer: [UInt8] = []
        /// Bytes at the start of `buffer` already read.
        private var consumed = 0
        private var isClosed = false

        init(descriptor: Int32) {
            self.descriptor = descriptor
            var timeout = timeval(tv_sec: Int(Self.readTimeout), tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }

        /// The failure a script throws.
        public struct Failure: Error, CustomStringConvertible {
            /// What went wrong.
            public let description: String

            /// A failure that says `description`.
            public init(description: String) {
                self.description = description
            }
        }

        // MARK: - Bytes

        /// Writes `bytes` exactly as given.
        public func write(_ bytes: [UInt8]) {
            LoopbackSocket.send(Data(bytes), to: descriptor)
        }

        /// Reads exactly `count` bytes.
        /// - Throws: ``Failure`` when the connection ends or nothing comes within ``readTimeout``.
        public func read(_ count: Int) throws -> [UInt8] {
            while buffer.count < count {
                guard let bytes = LoopbackSocket.receive(descriptor, waiting: true), !bytes.isEmpty else {
                    throw Failure(
                        description: "the connection ended or timed out after \(buffer.count) of \(count) bytes")
                }
                buffer += bytes
            }
            defer { buffer.removeFirst(count) }
            return Array(buffer[..<count])
        }

        /// Reads until the client closes the connection, at most `timeout` seconds; whether it did.
        /// Bytes that arrive meanwhile are dropped.
        public func waitForEnd(timeout: TimeInterval = 10) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                var polled = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
                let left = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
                guard poll(&polled, 1, left) > 0 else { continue }
                guard let bytes = LoopbackSocket.receive(descriptor, waiting: false), !bytes.isEmpty else {
                    return true
                }
            }
            return false
        }

        /// Resets the connection (RST, with `SO_LINGER` at zero) instead of closing it.
        public func reset() {
            guard !isClosed else { return }
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            closeConnection()
        }

        /// Closes the connection (FIN); the server does it after the script anyway.
        public func closeConnection() {
            guard !isClosed else { return }
            isClosed = true
            LoopbackSocket.close(descriptor)
        }

        // MARK: - Handshake

        /// Reads the client's opening handshake.
        public func readHandshake() throws -> Handshake {
            buffer.removeFirst(consumed)
            consumed = 0
            while true {
                if let end = Self.headEnd(buffer) {
                    let text = String(decoding: buffer[..<end], as: UTF8.self)
                    buffer.removeFirst(end + 4)
                    var lines = text.components(separatedBy: "\r\n")
                    let requestLine = lines.removeFirst()
                    var headers: [String: String] = [:]
                    for line in lines {
                        guard let colon = line.firstIndex(of: ":") else { continue }
                        let name = line[..<colon].lowercased()
                        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                        headers[name] = headers[name].map { $0 + ", " + value } ?? value
                    }
                    return Handshake(requestLine: requestLine, headers: headers)
                }
                guard let bytes = LoopbackSocket.receive(descriptor, waiting: true), !bytes.isEmpty else {
                    throw Failure(description: "the connection ended before the handshake")
                }
                buffer += bytes
            }
        }

        /// Answers `handshake` with `101 Switching Protocols`.
        /// - Parameters:
        ///   - subprotocol: The `Sec-WebSocket-Protocol` answered. None by default.
        ///   - extensions: The `Sec-WebSocket-Extensions` answered. None by default.
        ///   - accept: The `Sec-WebSocket-Accept` answered; the right one by default.
        ///   - headers: More header lines, as written.
        public func acceptHandshake(
            _ handshake: Handshake, subprotocol: String? = nil, extensions: String? = nil, accept: String? = nil,
            upgrade: String = "websocket", connection: String = "Upgrade", headers: [String] = []
        ) {
            var lines = [
                "HTTP/1.1 101 Switching Protocols", "Upgrade: \(upgrade)", "Connection: \(connection)",
                "Sec-WebSocket-Accept: \(accept ?? Self.accept(for: handshake.key))",
            ]
            if let subprotocol { lines.append("Sec-WebSocket-Protocol: \(subprotocol)") }
            if let extensions { lines.append("Sec-WebSocket-Extensions: \(extensions)") }
            lines += headers
            write(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8))
        }

        /// The `Sec-WebSocket-Accept` for `key` (RFC 6455 §4.2.2), with Courier's SHA-1, which
        /// `WebSocketHandshakeTests` pins to RFC 6455's example and FIPS 180's vectors.
        public static func accept(for key: String) -> String {
            Data(SHA1.hash(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
        }

        private static func headEnd(_ bytes: [UInt8]) -> Int? {
            guard bytes.count >= 4 else { return nil }
            for index in 0...(bytes.count - 4)
            where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
                return index
            }
            return nil
        }

        // MARK: - Frames

        /// Sends one frame, unmasked unless `maskKey` is given.
        public func sendFrame(
            _ opcode: Opcode, _ payload: [UInt8], isFinal: Bool = true, reservedBits: UInt8 = 0, maskKey: UInt32? = nil
        ) {
            sendFrame(
                opcodeBits: opcode.rawValue, payload, isFinal: isFinal, reservedBits: reservedBits, maskKey: maskKey)
        }

        /// Sends one frame with any opcode bits (reserved ones included).
        public func sendFrame(
            opcodeBits: UInt8, _ payload: [UInt8], isFinal: Bool = true, reservedBits: UInt8 = 0, maskKey: UInt32? = nil
        ) {
            write(
                Self.frame(
                    opcodeBits: opcodeBits, payload, isFinal: isFinal, reservedBits: reservedBits, maskKey: maskKey))
        }

        /// A frame's bytes.
        public static func frame(
            opcodeBits: UInt8, _ payload: [UInt8], isFinal: Bool = true, reservedBits: UInt8 = 0, maskKey: UInt32? = nil
        ) -> [UInt8] {
            var bytes: [UInt8] = [(isFinal ? 0x80 : 0) | (reservedBits & 0x70) | (opcodeBits & 0x0F)]
            let maskBit: UInt8 = maskKey == nil ? 0 : 0x80
            if payload.count < 126 {
                bytes.append(maskBit | UInt8(payload.count))
            } else if payload.count <= 0xFFFF {
                bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
            } else {
                bytes.append(maskBit | 127)
                bytes += stride(from: 56, through: 0, by: -8).map {
                    UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64($0))
                }
            }
            guard let maskKey else { return bytes + payload }
            let key = stride(from: 24, through: 0, by: -8).map { UInt8(truncatingIfNeeded: maskKey >> UInt32($0)) }
            return bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        }

        /// Sends a text message in one frame.
        public func sendText(_ text: String) {
            sendFrame(.text, Array(text.utf8))
        }

        /// Sends a close frame with `code` (none when `nil`) and `reason`.
        public func sendClose(code: UInt16?, reason: String = "") {
            guard let code else { return sendFrame(.close, []) }
            sendFrame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8))
        }

        /// Reads the client's next frame.
        public func readFrame() throws -> Frame {
            let head = try read(2)
            var length = UInt64(head[1] & 0x7F)
            if length == 126 {
                length = try read(2).reduce(0) { $0 << 8 | UInt64($1) }
            } else if length == 127 {
                length = try read(8).reduce(0) { $0 << 8 | UInt64($1) }
            }
            let isMasked = head[1] & 0x80 != 0
            let key = isMasked ? try read(4) : nil
            guard length <= 1 << 30 else { throw Failure(description: "a frame of \(length) bytes") }
            var payload = try read(Int(length))
            if let key {
                payload.withUnsafeMutableBufferPointer { bytes in
                    for index in bytes.indices { bytes[index] ^= key[index & 3] }
                }
            }
            return Frame(
                isFinal: head[0] & 0x80 != 0, reservedBits: head[0] & 0x70, opcode: head[0] & 0x0F, isMasked: isMasked,
                maskKey: key.map { $0.reduce(0) { $0 << 8 | UInt32($1) } }, payload: payload)
        }

        /// Reads frames up to the end of the client's next message (control frames between its
        /// fragments are skipped); returns its first frame's opcode, its reserved bits, and the
        /// whole payload.
        public func readMessage() throws -> (opcode: UInt8, reservedBits: UInt8, payload: [UInt8]) {
            var first: Frame?
            var payload: [UInt8] = []
            while true {
                let frame = try readFrame()
                if frame.opcode >= 8 {
                    if frame.opcode == 8 { throw Failure(description: "a close came instead of a message") }
                    continue
                }
                if first == nil { first = frame }
                payload += frame.payload
                if frame.isFinal, let first { return (first.opcode, first.reservedBits, payload) }
            }
        }

        /// Reads the client's next frame, which must be a close; returns its code and reason.
        public func expectClose() throws -> (code: UInt16?, reason: String) {
            let frame = try readFrame()
            guard frame.opcode == 8 else {
                throw Failure(description: "expected a close frame, got opcode \(frame.opcode)")
            }
            guard frame.payload.count >= 2 else { return (nil, "") }
            return (
                UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]),
                String(decoding: frame.payload.dropFirst(2), as: UTF8.self)
            )
        }
    }
#endif
