import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX socket calls ``RecordingServer`` needs, with the platforms' spellings in one place.
enum LoopbackSocket {
    /// A listening TCP socket on 127.0.0.1 with a port the system chose, and that port.
    static func listen() throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = try makeSocket()
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound, listenOn(descriptor) == 0 else {
            let error = failure("bind/listen")
            close(descriptor)
            throw error
        }
        setNonBlocking(descriptor)
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// Connects to 127.0.0.1:`port`, sends `bytes` and closes the connection.
    static func connectAndSend(_ bytes: Data, port: UInt16) throws {
        let descriptor = try makeSocket()
        defer { close(descriptor) }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw failure("connect") }
        send(bytes, to: descriptor)
    }

    private static func makeSocket() throws -> Int32 {
        #if canImport(Darwin)
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw failure("socket") }
        return descriptor
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// The next waiting connection, or `nil` when none is waiting.
    static func accept(_ listener: Int32) -> Int32? {
        #if canImport(Darwin)
            let descriptor = Darwin.accept(listener, nil, nil)
        #else
            let descriptor = Glibc.accept(listener, nil, nil)
        #endif
        guard descriptor >= 0 else { return nil }
        #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return descriptor
    }

    /// Bytes waiting on `descriptor`: `nil` at end of stream or on an error, empty when
    /// `waiting` is false and nothing has arrived.
    static func receive(_ descriptor: Int32, waiting: Bool) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes {
            recv(descriptor, $0.baseAddress, $0.count, waiting ? 0 : dontWait)
        }
        if count > 0 { return Array(buffer[..<count]) }
        if count < 0 && !waiting && (errno == EAGAIN || errno == EWOULDBLOCK) { return [] }
        return nil
    }

    /// How many TCP segments carrying data `descriptor` has received (Linux's
    /// `tcpi_data_segs_in`, from 4.6), or `nil` where the system does not say. Read from the raw
    /// `TCP_INFO` bytes, whose layout the kernel keeps stable, since Glibc's `tcp_info` ends before it.
    static func dataSegmentsReceived(_ descriptor: Int32) -> Int? {
        #if os(Linux)
            let offset = 152
            var info = [UInt8](repeating: 0, count: 256)
            var length = socklen_t(info.count)
            let status = info.withUnsafeMutableBytes {
                getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_INFO, $0.baseAddress, &length)
            }
            guard status == 0, Int(length) >= offset + 4 else { return nil }
            return info[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
        #else
            return nil
        #endif
    }

    /// Writes all of `bytes`, giving up when the peer has gone.
    static func send(_ bytes: Data, to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                systemSend(descriptor, $0.baseAddress! + offset, bytes.count - offset, noSignal)
            }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Waits until one of `descriptors` is readable; returns which are.
    static func waitReadable(_ descriptors: [Int32]) -> Set<Int32> {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&polled, nfds_t(polled.count), -1) > 0 else { return [] }
        return Set(polled.filter { $0.revents != 0 }.map(\.fd))
    }

    /// A pipe whose write end wakes ``waitReadable(_:)``.
    static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        #if canImport(Darwin)
            guard Darwin.pipe(&ends) == 0 else { throw failure("pipe") }
        #else
            guard Glibc.pipe(&ends) == 0 else { throw failure("pipe") }
        #endif
        return (ends[0], ends[1])
    }

    /// Closes `descriptor` with a TCP reset instead of an orderly end (`SO_LINGER` of zero seconds).
    static func reset(_ descriptor: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(descriptor)
    }

    static func close(_ descriptor: Int32) {
        #if canImport(Darwin)
            _ = Darwin.close(descriptor)
        #else
            _ = Glibc.close(descriptor)
        #endif
    }

    private static func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32)
        -> Int
    {
        #if canImport(Darwin)
            Darwin.send(descriptor, bytes, count, flags)
        #else
            Glibc.send(descriptor, bytes, count, flags)
        #endif
    }

    private static func setNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    private static func listenOn(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
            Darwin.listen(descriptor, 64)
        #else
            Glibc.listen(descriptor, 64)
        #endif
    }

    #if canImport(Darwin)
        private static let dontWait = MSG_DONTWAIT
        private static let noSignal: Int32 = 0
    #else
        private static let dontWait = Int32(MSG_DONTWAIT)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #endif

    private static func failure(_ call: String) -> any Error {
        NSError(domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "\(call) failed"])
    }
}
