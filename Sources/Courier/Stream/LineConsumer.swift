/// What a ``LineSplitter`` hands its lines to.
protocol LineConsumer {
    /// Takes one line, without its line ending. The bytes are valid only during the call.
    /// - Returns: Whether the splitter should go on with the next line now; `false` stops it after
    ///   this line, to be resumed later (when the consumer has something to hand over).
    mutating func consume(_ line: UnsafeRawBufferPointer) throws(StreamError) -> Bool
}
