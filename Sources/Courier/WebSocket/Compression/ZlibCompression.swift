#if os(Linux)
    internal import CCourierCurl
    import Foundation

    /// The inflater and deflater of a socket whose handshake agreed to permessage-deflate, on the
    /// zlib Courier loads for content decoding.
    struct SocketCompression {
        let inflater: any MessageInflating
        /// `nil` when the server asked for an 8-bit window, which zlib's raw deflate cannot keep to:
        /// messages then go uncompressed, as RFC 7692 allows.
        let deflater: (any MessageDeflating)?

        /// Whether zlib, with both halves, loads in this process.
        static var isAvailable: Bool { courier_deflater_available() != 0 }

        /// The compression `agreement` describes; `nil` when there is none, or zlib cannot make it.
        init?(_ agreement: PerMessageDeflate?) {
            guard let agreement, let inflater = ZlibInflater(keepsContext: !agreement.serverNoContextTakeover) else {
                return nil
            }
            self.inflater = inflater
            deflater = ZlibDeflater(
                windowBits: agreement.clientMaxWindowBits, keepsContext: !agreement.clientNoContextTakeover)
        }
    }

    /// Inflates permessage-deflate messages with zlib (raw deflate, 32 KiB window).
    final class ZlibInflater: MessageInflating {
        private let handle: UnsafeMutableRawPointer
        private let keepsContext: Bool
        /// How much room is made in the message for each call: 64 KiB.
        private static let step = 64 * 1024
        /// The message ended its deflate stream (a final block): the next one starts afresh.
        private var streamEnded = false
        private static let tail: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]

        init?(keepsContext: Bool) {
            guard let handle = courier_decoder_create(COURIER_DECODER_RAW_DEFLATE) else { return nil }
            self.handle = handle
            self.keepsContext = keepsContext
        }

        deinit {
            courier_decoder_destroy(handle)
        }

        func inflate(_ input: UnsafeRawBufferPointer, into output: MessageBuffer, limit: Int) -> InflateOutcome {
            guard let base = input.baseAddress, input.count > 0, !streamEnded else { return .inflated }
            var offset = 0
            while true {
                let room = max(0, limit - output.count)
                // One byte more than the limit allows tells a message that would pass it.
                let wanted = min(Self.step, room + 1)
                if output.spare.count < wanted { output.reserve(max(output.count + wanted, output.capacity * 2)) }
                let space = output.spare
                guard let destination = space.baseAddress, space.count > 0 else { return .tooBig }
                let capacity = min(space.count, room + 1)
                var consumed = 0
                var produced = 0
                let status = courier_decoder_run(
                    handle, base + offset, input.count - offset, &consumed, destination, capacity, &produced)
                if status == COURIER_DECODER_ERROR { return .invalid }
                if produced > room { return .tooBig }
                output.commit(produced)
                offset += consumed
                if status == COURIER_DECODER_END {
                    streamEnded = true
                    return .inflated
                }
                if produced < capacity && offset >= input.count { return .inflated }
                if consumed == 0 && produced == 0 { return .invalid }
            }
        }

        func endMessage(into output: MessageBuffer, limit: Int) -> InflateOutcome {
            let outcome = Self.tail.withUnsafeBytes { inflate($0, into: output, limit: limit) }
            if !keepsContext || streamEnded {
                courier_decoder_reset(handle)
                streamEnded = false
            }
            return outcome
        }
    }

    /// Compresses permessage-deflate messages with zlib (raw deflate).
    final class ZlibDeflater: MessageDeflating {
        private let handle: UnsafeMutableRawPointer
        private let keepsContext: Bool
        private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)

        /// `nil` for `windowBits` below 9, which zlib's raw deflate does not offer.
        init?(windowBits: Int, keepsContext: Bool) {
            guard windowBits >= 9, let handle = courier_deflater_create(Int32(windowBits)) else { return nil }
            self.handle = handle
            self.keepsContext = keepsContext
        }

        deinit {
            courier_deflater_destroy(handle)
            chunk.deallocate()
        }

        func deflate(_ payload: Data) -> Data? {
            var output = Data()
            let succeeded = payload.withUnsafeBytes { input -> Bool in
                guard let base = input.baseAddress else { return false }
                var offset = 0
                while true {
                    var consumed = 0
                    var produced = 0
                    let status = courier_deflater_run(
                        handle, base + offset, input.count - offset, &consumed, chunk.baseAddress, chunk.count,
                        &produced, 1)
                    if status == COURIER_DECODER_ERROR { return false }
                    if let start = chunk.baseAddress, produced > 0 {
                        output.append(start.assumingMemoryBound(to: UInt8.self), count: produced)
                    }
                    offset += consumed
                    if offset >= input.count && produced < chunk.count { return true }
                    if consumed == 0 && produced == 0 { return false }
                }
            }
            // A failure leaves the window unknown: start afresh, which the server's window allows.
            if !keepsContext || !succeeded { courier_deflater_reset(handle) }
            guard succeeded, output.count >= 4, output.suffix(4).elementsEqual([0x00, 0x00, 0xFF, 0xFF]) else {
                return nil
            }
            return output.dropLast(4)
        }
    }
#endif
