#if os(Linux)
    internal import CCourierCurl
    import Foundation

    /// Decodes a streamed body's content encodings (`Content-Encoding`: gzip, deflate, br, zstd,
    /// in any sequence) in pieces no larger than the reader takes.
    ///
    /// libcurl decodes a body as it reads it, into a buffer of its own that a paused transfer keeps
    /// filling (up to 64 MiB in 7.88, then *Out of memory*): a megabyte of gzip is a gigabyte of
    /// zeros. So for streams libcurl hands the body over as it came, and this decoder keeps the
    /// encoded bytes not decoded yet (at most one of libcurl's pieces, 16 KiB) until the reader
    /// wants more. Memory for a stream stays within its buffer, one decoded piece, libcurl's
    /// receive buffer and the decoders' windows (32 KiB for gzip and deflate; for brotli what the
    /// stream declares, at most 16 MiB; for zstd at most 8 MiB, larger windows are refused).
    ///
    /// Used on the event loop's thread only.
    final class CurlContentDecoder {
        /// One decoder of the sequence, with the input it has not taken yet.
        private final class Stage {
            let handle: UnsafeMutableRawPointer
            /// Deflate tells a zlib header from raw deflate by its first two bytes, which must
            /// reach the decoder together.
            let readsHeaderFirst: Bool
            var input: [UInt8] = []
            var offset = 0
            var hasEnded = false
            var hasInput = false
            /// Bytes have gone to the decoder.
            var hasStarted = false

            init(_ handle: UnsafeMutableRawPointer, readsHeaderFirst: Bool) {
                self.handle = handle
                self.readsHeaderFirst = readsHeaderFirst
            }

            deinit {
                courier_decoder_destroy(handle)
            }

            var pending: Int { input.count - offset }

            func append(_ bytes: UnsafeRawBufferPointer) {
                if offset > 0, offset == input.count {
                    input.removeAll(keepingCapacity: true)
                    offset = 0
                }
                input.append(contentsOf: bytes)
                hasInput = hasInput || !bytes.isEmpty
            }
        }

        /// The decoders, first applied first: the reverse of the header's order.
        private let stages: [Stage]
        /// The most bytes one stage hands to the next at a time.
        private static let pieceSize = 64 << 10

        /// The decoder for `contentEncoding`, or `nil` when the body is not encoded (no value, or
        /// only `identity`).
        /// - Throws: `URLError(.cannotDecodeContentData)` for an encoding Courier cannot decode, or
        ///   one whose library cannot be loaded.
        init?(contentEncoding: String?) throws {
            let names = (contentEncoding ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty && $0 != "identity" }
            guard !names.isEmpty else { return nil }
            guard names.count <= 5 else { throw Self.refusal("a Content-Encoding of more than 5 encodings") }
            var stages: [Stage] = []
            for name in names.reversed() {
                guard let kind = Self.kinds[name] else { throw Self.refusal("the Content-Encoding \(name)") }
                guard let handle = courier_decoder_create(kind) else {
                    throw Self.refusal("the Content-Encoding \(name) (its library cannot be loaded)")
                }
                stages.append(Stage(handle, readsHeaderFirst: kind == COURIER_DECODER_DEFLATE))
            }
            self.stages = stages
        }

        /// Whether the library of the encoding `kind` (`COURIER_DECODER_…`) can be loaded.
        static func canDecode(_ kind: Int32) -> Bool {
            guard let handle = courier_decoder_create(kind) else { return false }
            courier_decoder_destroy(handle)
            return true
        }

        private static let kinds: [String: Int32] = [
            "gzip": COURIER_DECODER_GZIP, "x-gzip": COURIER_DECODER_GZIP, "deflate": COURIER_DECODER_DEFLATE,
            "br": COURIER_DECODER_BROTLI, "zstd": COURIER_DECODER_ZSTD,
        ]

        private static func refusal(_ what: String) -> URLError {
            URLError(.cannotDecodeContentData, userInfo: [NSLocalizedDescriptionKey: "Courier cannot decode \(what)."])
        }

        /// Takes encoded bytes as they came from the network.
        func feed(_ bytes: UnsafeRawBufferPointer) {
            stages[0].append(bytes)
        }

        /// Whether encoded bytes wait to be decoded.
        var hasPendingInput: Bool { stages.contains { $0.pending > 0 } }

        /// Whether the body ended where its encoding does (or no byte of it came at all).
        var isComplete: Bool {
            !stages[0].hasInput || (stages.allSatisfy(\.hasEnded) && !hasPendingInput)
        }

        /// Decodes into `output`; returns how many bytes it made, 0 when more input is needed.
        /// - Throws: `URLError(.cannotDecodeContentData)` for bytes that are not valid.
        func decode(into output: UnsafeMutableRawBufferPointer) throws -> Int {
            try pull(stages.count - 1, into: output)
        }

        /// Decodes with stage `index` into `output`, refilling its input from the stage before.
        private func pull(_ index: Int, into output: UnsafeMutableRawBufferPointer) throws -> Int {
            let stage = stages[index]
            while true {
                if stage.pending == 0, index > 0, try refill(index) { continue }
                // With no input this still hands over what a decoder held back for want of room.
                let (consumed, produced) = try run(stage, into: output)
                if produced > 0 { return produced }
                if consumed > 0 { continue }
                guard index > 0, try refill(index) else { return 0 }
            }
        }

        /// Appends the next piece the stage before `index` makes to stage `index`'s input.
        private func refill(_ index: Int) throws -> Bool {
            var piece = [UInt8](repeating: 0, count: Self.pieceSize)
            let count = try piece.withUnsafeMutableBytes { try pull(index - 1, into: $0) }
            guard count > 0 else { return false }
            piece.withUnsafeBytes { stages[index].append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            return true
        }

        /// Runs `stage` once on its input; returns the input bytes it took and the bytes it made.
        private func run(_ stage: Stage, into output: UnsafeMutableRawBufferPointer) throws -> (Int, Int) {
            if stage.readsHeaderFirst, !stage.hasStarted {
                guard stage.pending >= 2 else { return (0, 0) }
                stage.hasStarted = true
            }
            var consumed = 0
            var produced = 0
            let status = stage.input.withUnsafeBytes { input in
                courier_decoder_run(
                    stage.handle, input.baseAddress.map { $0 + stage.offset }, stage.pending, &consumed,
                    output.baseAddress, output.count, &produced)
            }
            stage.offset += consumed
            if status == COURIER_DECODER_ERROR {
                throw URLError(
                    .cannotDecodeContentData,
                    userInfo: [
                        // After CourierError's sentence for the code, which names the Content-Encoding
                        NSLocalizedDescriptionKey: "The compressed data is corrupt."
                    ])
            }
            // A call that took and made nothing (a flush) says nothing new about where the data ends.
            if consumed > 0 || produced > 0 || status == COURIER_DECODER_END {
                stage.hasEnded = status == COURIER_DECODER_END
            }
            return (consumed, produced)
        }
    }
#endif
