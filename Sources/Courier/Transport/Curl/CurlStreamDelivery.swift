#if os(Linux)
    import Foundation

    /// Where a streamed transfer's body goes: decoded in bounded pieces (``CurlContentDecoder``)
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
        private var decoder: CurlContentDecoder?
        /// The reader's buffer was full: libcurl is paused until the reader catches up.
        private(set) var isPaused = false
        /// Where decoded pieces are made.
        private var scratch = [UInt8](repeating: 0, count: 64 << 10)

        init(_ writer: ResponseBodyStream.Writer) {
            self.writer = writer
        }

        /// The head arrived with `contentEncoding`.
        /// - Throws: `URLError(.cannotDecodeContentData)` for an encoding that cannot be decoded.
        func start(contentEncoding: String?) throws {
            decoder = try CurlContentDecoder(contentEncoding: contentEncoding)
        }

        /// Whether the body ended where its encoding does.
        var isComplete: Bool { decoder?.isComplete ?? true }

        /// Body bytes arrived from the network. `counting` is told of each decoded piece before
        /// it goes to the reader (the transfer's limit and progress) and may refuse it.
        func receive(_ bytes: UnsafeRawBufferPointer, counting: (Int) -> (any Error)?) -> Next {
            guard let decoder else {
                if let refusal = counting(bytes.count) { return .stop(refusal) }
                return hand(Data(bytes))
            }
            decoder.feed(bytes)
            return drain(decoder, counting: counting)
        }

        /// The reader drained its buffer to half: decodes what waits, and says whether libcurl may
        /// read again (or the reader is behind again already).
        func resume(counting: (Int) -> (any Error)?) -> Next {
            isPaused = false
            guard let decoder else { return .read }
            return drain(decoder, counting: counting)
        }

        /// Decodes and hands over pieces until the decoder needs input or the reader is full.
        private func drain(_ decoder: CurlContentDecoder, counting: (Int) -> (any Error)?) -> Next {
            while true {
                let count: Int
                do {
                    count = try scratch.withUnsafeMutableBytes { try decoder.decode(into: $0) }
                } catch {
                    return .stop(error)
                }
                guard count > 0 else { return .read }
                if let refusal = counting(count) { return .stop(refusal) }
                let next = scratch.withUnsafeBytes { hand(Data($0[0..<count])) }
                guard case .read = next else { return next }
            }
        }

        private func hand(_ piece: Data) -> Next {
            if writer.yield(piece) { return .read }
            if writer.isTerminated { return .stop(URLError(.cancelled)) }
            isPaused = true
            return .pause
        }
    }
#endif
