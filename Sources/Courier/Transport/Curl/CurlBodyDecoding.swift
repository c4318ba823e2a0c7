#if os(Linux)
    import Foundation

    /// Decodes a body kept in memory or written to a download's file as it arrives
    /// (``CurlContentDecoder``), in place of libcurl.
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
        init?(contentEncoding: String?) {
            do {
                guard let decoder = try CurlContentDecoder(contentEncoding: contentEncoding) else { return nil }
                self.decoder = .success(decoder)
            } catch {
                decoder = .failure(error)
            }
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
            let decoder: CurlContentDecoder
            switch self.decoder {
            case .success(let ready): decoder = ready
            case .failure(let error): return error
            }
            decoder.feed(bytes)
            while true {
                let count: Int
                do {
                    count = try scratch.withUnsafeMutableBytes { try decoder.decode(into: $0) }
                } catch {
                    return error
                }
                guard count > 0 else { return nil }
                if let refusal = scratch.withUnsafeBytes({ take(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }) {
                    return refusal
                }
            }
        }
    }
#endif
