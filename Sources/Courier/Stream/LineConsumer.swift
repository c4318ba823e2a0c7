/// What a ``LineSplitter`` hands its lines to.
protocol LineConsumer {
    /// Takes one line, without its line ending. The bytes are valid only during the call.
    mutating func consume(_ line: UnsafeRawBufferPointer) throws(StreamError)
}
