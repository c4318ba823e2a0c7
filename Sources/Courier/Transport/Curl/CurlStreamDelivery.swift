#if os(Linux)
    import Foundation

    /// Where a streamed transfer's body goes: decoded in bounded pieces (``CurlBodyDecoding``)
    /// and handed to the reader's ``ResponseBodyStream``, with the transfer paused while the reader
    /// is behind. Used on the event loop's thread only.
    final class CurlStreamDelivery {
        /// What the transfer does next.
        enum Next {
            /// Go on reading from the network.
            case read
            /// Stop reading until the reader has drained its buffer to half (``resume(counting:)``).
            case pause
            /// Stop the transfer with this error.
            case stop(any Error)
        }

        let writer: ResponseBodyStream.Writer
        private var decoding: CurlBodyDecoding?
        /// The reader's buffer was full: libcurl is paused until the reader catches up.
        private(set) var isPaused = false

        init(_ writer: ResponseBodyStream.Writer) {
            self.writer = writer
        }

        /// The head arrived with `contentEncoding`.
        /// - Throws: `URLError(.cannotDecodeContentData)` for an encoding that cannot be decoded (a
        ///   stream says so at once, before its reader waits for a body).
        func start(contentEncoding: String?) throws {
            decoding = try CurlContentDecoder(contentEncoding: contentEncoding).map(CurlBodyDecoding.init)
        }

        /// Whether the body ended where its encoding does.
        var isComplete: Bool { decoding?.isComplete ?? true }

        /// Body bytes arrived from the network. `counting` is told of each decoded piece before
        /// it goes to the reader (the transfer's limit and progress) and may refuse it.
        func receive(_ bytes: UnsafeRawBufferPointer, counting: (Int) -> (any Error)?) -> Next {
            guard let decoding else {
                if let refusal = counting(bytes.count) { return .stop(refusal) }
                return hand(Data(bytes))
            }
            decoding.feed(bytes)
            return drain(decoding, counting: counting)
        }

        /// The reader drained its buffer to half: decodes what waits, and says whether libcurl may
        /// read again (or the reader is behind again already).
        func resume(counting: (Int) -> (any Error)?) -> Next {
            isPaused = false
            guard let decoding else { return .read }
            return drain(decoding, counting: counting)
        }

        /// Decodes and hands over pieces until the decoder needs input or the reader is full.
        private func drain(_ decoding: CurlBodyDecoding, counting: (Int) -> (any Error)?) -> Next {
            let stop = decoding.drain(
                into: { piece -> Next? in
                    if let refusal = counting(piece.count) { return .stop(refusal) }
                    let next = hand(Data(piece))
                    if case .read = next { return nil }
                    return next
                }, failed: { .stop($0) })
            return stop ?? .read
        }

        private func hand(_ piece: Data) -> Next {
            if writer.yield(piece) { return .read }
            if writer.isTerminated { return .stop(URLError(.cancelled)) }
            isPaused = true
            return .pause
        }
    }
#endif
