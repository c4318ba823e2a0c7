#if os(Linux)
    /// What one call on a ``ByteConnection`` did.
    enum ByteTransfer: Equatable {
        /// This many bytes went or came; `0` from `receive` is the peer's end of stream.
        case transferred(Int)
        /// The connection cannot take or give bytes now: wait for its descriptor.
        case wouldBlock
        /// The connection failed, for the reason given.
        case failed(String)
    }

    /// A connection that moves bytes without blocking: the socket under a WebSocket (libcurl's, on
    /// Linux). Used by one thread at a time (``FramedChannel`` holds its lock around every call).
    protocol ByteConnection: AnyObject {
        /// The socket to wait on with `poll` for reading and writing.
        var descriptor: Int32 { get }
        /// Whether a read that returns less than it was given has emptied the connection, so that
        /// the next read can wait for `poll`: true for a plain socket; false under TLS, whose library
        /// may hold decrypted bytes that `poll` does not see.
        var isDrainedByShortRead: Bool { get }
        /// The most one ``receive(into:)`` hands over: a read that took this many may have left
        /// more waiting, so it is not short whatever the buffer's size.
        var largestRead: Int { get }
        /// Sends from `bytes`.
        func send(_ bytes: UnsafeRawBufferPointer) -> ByteTransfer
        /// Receives into `buffer`, at most ``largestRead`` bytes.
        func receive(into buffer: UnsafeMutableRawBufferPointer) -> ByteTransfer
        /// Closes the connection; later calls fail.
        func close()
    }
#endif
