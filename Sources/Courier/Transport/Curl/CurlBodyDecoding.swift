#if os(Linux)
    import Foundation

    /// Decodes a body as it arrives (``CurlContentDecoder``), in place of libcurl: one kept in memory
    /// or written to a download's file, and a stream's, which ``CurlStreamDelivery`` drains as its
    /// reader takes the pieces.
    ///
    /// libcurl decodes what it reads and, when the body ends inside its compressed data (a gzip
    /// stream without its end, a brotli stream cut off, inside correct HTTP framing), hands over
    /// what inflated and reports success: the caller would get part of a body as the whole. Here
    /// the end of the body is checked against the end of its encoding (``isComplete``), and such a
    /// body fails with `URLError(.cannotDecodeContentData)`. (A content-encoded download is never
    /// resumed, so its file always holds decoded bytes from the first.) Used on the event loop's
    /// thread only.
    final class CurlBodyDecoding {
        /// The decoder, or why the encoding cannot be decoded: said only if a body comes (a `HEAD`,
        /// `204` or `304` answer may name any encoding).
        private let decoder: Result<CurlContentDecoder, any Error>
        /// Where decoded pieces are made.
        private var scratch = [UInt8](repeating: 0, count: 64 << 10)

        /// The decoding of a body whose head says `contentEncoding`; `nil` when it is not encoded.
        init?(contentEncoding: String) {
            do {
                guard let decoder = try CurlContentDecoder(contentEncoding: contentEncoding) else { return nil }
                self.decoder = .success(decoder)
            } catch {
                decoder = .failure(error)
            }
        }

        /// The decoding with `decoder`, whose encoding is known to be decodable.
        init(_ decoder: CurlContentDecoder) {
            self.decoder = .success(decoder)
        }

        /// A compressed body that ended before its encoding did.
        static var cutShort: URLError {
            URLError(
                .cannotDecodeContentData,
                userInfo: [NSLocalizedDescriptionKey: "The body ended before its compressed data did."])
        }

        /// Whether the body so far ends where its encoding does (or no byte of it came).
        var isComplete: Bool {
            guard case .success(let decoder) = decoder else { return true }  // a byte would have failed
            return decoder.isComplete
        }

        /// Decodes `bytes` from the network and hands each decoded piece to `take`, which may refuse
        /// it; returns the refusal, or the decoder's error for bytes that are not valid.
        func decode(_ bytes: UnsafeRawBufferPointer, into take: (UnsafeRawBufferPointer) -> (any Error)?)
            -> (any Error)?
        {
            feed(bytes)
            return drain(into: take, failed: { $0 })
        }

        /// Takes encoded bytes as they came from the network (an encoding that cannot be decoded
        /// takes none: ``drain(into:failed:)`` says why).
        func feed(_ bytes: UnsafeRawBufferPointer) {
            if case .success(let decoder) = decoder { decoder.feed(bytes) }
        }

        /// Decodes what waits and hands each piece to `take` until `take` returns a value (it stops
        /// there and returns it) or the decoder needs more input (`nil`); an encoding or bytes that
        /// cannot be decoded end it with `failed`'s value.
        func drain<Stop>(into take: (UnsafeRawBufferPointer) -> Stop?, failed: (any Error) -> Stop) -> Stop? {
            let decoder: CurlContentDecoder
            switch self.decoder {
            case .success(let ready): decoder = ready
            case .failure(let error): return failed(error)
            }
            while true {
                let count: Int
                do {
                    count = try scratch.withUnsafeMutableBytes { try decoder.decode(into: $0) }
                } catch {
                    return failed(error)
                }
                guard count > 0 else { return nil }
                if let stop = scratch.withUnsafeBytes({ take(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }) {
                    return stop
                }
            }
        }
    }
#endif
