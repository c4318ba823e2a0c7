import Courier
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The WebSocket rows' server, on loopback: a thread per connection, blocking sockets, no
/// extension. It echoes every text or binary message, and answers the text `flood N SIZE` with N
/// binary messages of SIZE bytes, as fast as the connection takes them. Both sides of a row talk to
/// it, so its cost is in both.
final class WebSocketBenchServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    let port: Int
    private let listener: Int32

    init() throws {
        let descriptor = socket(AF_INET, BlockingSocket.streamType, 0)
        guard descriptor >= 0 else { throw BenchError.unexpected("socket() failed: errno \(errno)") }
        var address = BlockingSocket.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw BenchError.unexpected("bind() or listen() failed: errno \(errno)")
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [descriptor] in Self.accept(on: descriptor) }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func accept(on listener: Int32) {
        while true {
            let descriptor = Foundation.accept(listener, nil, nil)
            guard descriptor >= 0 else { return }
            let connection = BlockingSocket(descriptor: descriptor)
            Thread.detachNewThread { try? serve(connection) }
        }
    }

    private static func serve(_ connection: BlockingSocket) throws {
        let head = try connection.readHead()
        let key =
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        let accept = Data(SHA1.hash(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
        let answer =
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(accept)\r\n\r\n"
        try Array(answer.utf8).withUnsafeBytes { try connection.write($0) }
        var payload = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
        defer { payload.deallocate() }
        while true {
            let (opcode, length, key) = try BareFrames.readHeader(from: connection)
            if length > payload.count {
                payload.deallocate()
                payload = .allocate(byteCount: length, alignment: 8)
            }
            let body = UnsafeMutableRawBufferPointer(rebasing: payload[..<length])
            try connection.read(into: body)
            if let key { BareFrames.mask(body, key: key) }
            switch opcode {
            case 8:
                try BareFrames.header(opcode: 8, length: 0, key: nil).withUnsafeBytes { try connection.write($0) }
                return
            case 1 where body.starts(with: "flood ".utf8):
                try flood(String(decoding: body, as: UTF8.self), on: connection)
            case 1, 2:
                try BareFrames.header(opcode: opcode, length: length, key: nil).withUnsafeBytes {
                    try connection.write($0)
                }
                try connection.write(UnsafeRawBufferPointer(body))
            default:
                continue
            }
        }
    }

    /// Answers `flood N SIZE`.
    private static func flood(_ command: String, on connection: BlockingSocket) throws {
        let words = command.split(separator: " ")
        guard words.count == 3, let count = Int(words[1]), let size = Int(words[2]), size > 0 else { return }
        var frame = BareFrames.header(opcode: 2, length: size, key: nil)
        frame += [UInt8](repeating: 0x5A, count: size)
        for _ in 0..<count { try frame.withUnsafeBytes { try connection.write($0) } }
    }
}
