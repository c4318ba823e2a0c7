#if os(Linux)
    import Foundation

    @testable import Courier

    /// The content decoders (gzip, deflate, brotli, zstd, in any sequence) as the libcurl transport
    /// runs them: the first line is the `Content-Encoding`, the rest the body, cut into chunks where
    /// the input picks. Decoded twice: as a body kept in memory (``CurlBodyDecoding``) and as a
    /// stream's reader takes it (``CurlContentDecoder``, into buffers of sizes the input picks).
    ///
    /// A decompression bomb stays bounded: decoding stops once ``budget`` bytes came out, as a
    /// response limit stops it, and no call may hand over more than the room it was given (a piece
    /// of at most 64 KiB); libFuzzer's `-rss_limit_mb` catches memory held anywhere else. Checked
    /// too: both ways decode the same bytes and agree on whether the body is whole.
    enum ContentDecodingHarness: FuzzHarness {
        static let name = "content-decoding"
        static let options = ["-max_len=65536"]
        /// The most decoded bytes taken from one body, as a response limit would take.
        static let budget = 1 << 20
        private static let piece = 64 << 10

        static func run(_ input: FuzzInput) {
            let newline = input.bytes.firstIndex(of: 0x0A) ?? input.bytes.count
            guard newline <= 200 else { return }
            let encoding = String(decoding: UnsafeRawBufferPointer(rebasing: input.bytes[..<newline]), as: UTF8.self)
            let body = UnsafeRawBufferPointer(rebasing: input.bytes[min(newline + 1, input.bytes.count)...])
            let chunks = FuzzInput(body).chunks()
            let kept = Outcome(keeping: chunks, encoding: encoding)
            var random = input.random
            let streamed = Outcome(streaming: chunks, encoding: encoding, using: &random)
            precondition(kept.agrees(with: streamed), "kept: \(kept), streamed: \(streamed)")
        }

        /// What decoding a body gave: the bytes (at most ``budget`` and one piece) and how it ended.
        private struct Outcome: CustomStringConvertible {
            enum End: Equatable {
                case whole, cutShort, failed, stopped
            }

            var bytes = Data()
            var end = End.whole

            var description: String { "\(bytes.count) bytes, \(end)" }

            /// Takes `piece`, unless the budget is spent; says whether to stop.
            mutating func take(_ piece: UnsafeRawBufferPointer, room: Int) -> Bool {
                precondition(piece.count <= room, "\(piece.count) bytes handed over into \(room)")
                bytes.append(contentsOf: piece)
                precondition(bytes.count <= ContentDecodingHarness.budget + ContentDecodingHarness.piece)
                guard bytes.count < ContentDecodingHarness.budget else {
                    end = .stopped
                    return true
                }
                return false
            }

            /// As a body kept in memory or written to a file.
            init(keeping chunks: [Data], encoding: String) {
                guard let decoding = CurlBodyDecoding(contentEncoding: encoding) else {
                    bytes = chunks.reduce(Data(), +).prefix(ContentDecodingHarness.budget)
                    return
                }
                for chunk in chunks {
                    let refusal = chunk.withUnsafeBytes { chunk in
                        decoding.decode(chunk) { piece -> (any Error)? in
                            take(piece, room: ContentDecodingHarness.piece) ? CancellationError() : nil
                        }
                    }
                    guard refusal == nil else {
                        if end != .stopped { end = .failed }
                        return
                    }
                }
                if !decoding.isComplete { end = .cutShort }
            }

            /// As a stream's reader takes it: decoded into buffers of any size as the reader asks.
            init(streaming chunks: [Data], encoding: String, using random: inout SplitMix64) {
                let decoder: CurlContentDecoder
                do {
                    guard let made = try CurlContentDecoder(contentEncoding: encoding) else {
                        bytes = chunks.reduce(Data(), +).prefix(ContentDecodingHarness.budget)
                        return
                    }
                    decoder = made
                } catch {
                    end = .failed
                    return
                }
                var buffer = [UInt8](repeating: 0, count: ContentDecodingHarness.piece)
                for chunk in chunks {
                    chunk.withUnsafeBytes { decoder.feed($0) }
                    while true {
                        let room = Int.random(in: 1...ContentDecodingHarness.piece, using: &random)
                        let count: Int
                        do {
                            count = try buffer.withUnsafeMutableBytes {
                                try decoder.decode(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<room]))
                            }
                        } catch {
                            end = .failed
                            return
                        }
                        guard count > 0 else { break }
                        precondition(count <= room, "\(count) bytes decoded into \(room)")
                        let stop = buffer.withUnsafeBytes {
                            take(UnsafeRawBufferPointer(rebasing: $0[..<count]), room: room)
                        }
                        if stop { return }
                    }
                }
                if !decoder.isComplete { end = .cutShort }
            }

            /// Whether two decodings of one body agree: the same bytes and end, unless one stopped
            /// at the budget or failed part-way (each then holds a beginning of the other's bytes).
            func agrees(with other: Outcome) -> Bool {
                let shorter = min(bytes.count, other.bytes.count)
                guard bytes.prefix(shorter) == other.bytes.prefix(shorter) else { return false }
                if end == .stopped || other.end == .stopped { return true }
                if end == .failed || other.end == .failed { return end == other.end }
                return end == other.end && bytes == other.bytes
            }
        }
    }
#endif
