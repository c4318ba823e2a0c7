extension String {
    /// `bytes` as text when they are valid UTF-8, `nil` when they are not; a byte order mark is
    /// kept, as `String(validating:as:)` keeps it.
    ///
    /// The standard library's `String(validating:as:)` arrived with the Swift 6.0 runtime (macOS 15,
    /// iOS 18), above Courier's deployment floor; this checks the bytes with `UTF8`'s decoder, which
    /// every runtime has, and then builds the string from them (see Platforms.md).
    package init?<Bytes: Collection>(utf8Validating bytes: Bytes) where Bytes.Element == UInt8 {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break decoding
            case .error: return nil
            }
        }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
