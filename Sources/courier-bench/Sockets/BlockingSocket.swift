import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection read and written with blocking calls, through a buffer: the WebSocket rows'
/// server and their floor client, which must cost as little as a loop on a socket can.
final class BlockingSocket: @unchecked Sendable {
    // @unchecked Sendable: used by one thread at a time (the server's thread for its connection,
    // the bench's task for the floor client), handed over before use.
    let descriptor: Int32
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer = .allocate(byteCount: 256 * 1024, alignment: 8)
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// Connects to 127.0.0.1:`port`.
    static func connect(port: Int) throws -> BlockingSocket {
        let descriptor = socket(AF_INET, Self.streamType, 0)
        guard descriptor >= 0 else { throw BenchError.unexpected("socket() failed: errno \(errno)") }
        var address = Self.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw BenchError.unexpected("connect() failed: errno \(errno)")
        }
        return BlockingSocket(descriptor: descriptor)
    }

    #if os(Linux)
        static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        static let streamType = SOCK_STREAM
    #endif

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    /// Writes all of `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Self.noSignal)
            guard written > 0 else { throw BenchError.unexpected("send() failed: errno \(errno)") }
            offset += written
        }
    }

    /// Reads exactly `count` bytes into `destination`.
    func read(into destination: UnsafeMutableRawBufferPointer) throws {
        var filled = 0
        while filled < destination.count {
            if start == end {
                // A large read goes straight to its destination; small ones through the buffer.
                if destination.count - filled >= buffer.count {
                    let received = recv(descriptor, destination.baseAddress! + filled, destination.count - filled, 0)
                    guard received > 0 else { throw BenchError.unexpected("the connection ended") }
                    filled += received
                    continue
                }
                let received = recv(descriptor, buffer.baseAddress!, buffer.count, 0)
                guard received > 0 else { throw BenchError.unexpected("the connection ended") }
                (start, end) = (0, received)
            }
            let count = min(end - start, destination.count - filled)
            (destination.baseAddress! + filled).copyMemory(from: buffer.baseAddress! + start, byteCount: count)
            start += count
            filled += count
        }
    }

    /// Reads up to the blank line that ends an HTTP head, and returns the head.
    func readHead() throws -> String {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.ends(with: [13, 10, 13, 10]) {
            try withUnsafeMutableBytes(of: &byte) { try read(into: $0) }
            head.append(byte)
            guard head.count < 64 * 1024 else { throw BenchError.unexpected("an HTTP head over 64 KiB") }
        }
        return String(decoding: head, as: UTF8.self)
    }

    #if os(Linux)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
