import Foundation

/// What a ``FrameReader`` found in the bytes a server sent.
enum FrameEvent: Equatable, Sendable {
    /// A whole message.
    case message(WebSocketMessage)
    /// A ping, with its payload: answer it with a pong of the same payload.
    case ping(Data)
    /// A pong, with its payload.
    case pong(Data)
    /// A close frame: its code (`nil` when it had none) and its reason. Nothing after it is read.
    case close(WebSocketCloseCode?, reason: String)
    /// The bytes broke the protocol; the error says how, and with which code to close. Nothing
    /// after it is read.
    case failure(WebSocketError)
}

/// Reads the frames a server sends (RFC 6455 §5) from bytes as they arrive, in pieces of any size,
/// and assembles them into messages: the receiving half of a client's protocol, with no I/O.
///
/// It checks everything a client must: frames unmasked, reserved bits clear (RSV1 only on the first
/// frame of a compressed message, when permessage-deflate was agreed), known opcodes, control
/// frames final and at most 125 bytes, continuations only inside a message and data frames only
/// outside one, close codes and reasons valid, text UTF-8 (at the first bad byte, across
/// fragments). A message is refused as soon as it is known to pass the limit: from a frame's
/// header, or while inflating, before its bytes are held.
///
/// Control frames between fragments are reported as they come; a message only when whole.
struct FrameReader {
    /// The largest message accepted, in bytes (after inflating).
    let maximumMessageSize: Int
    /// The inflater of permessage-deflate, when the handshake agreed to it.
    let inflater: (any MessageInflating)?

    /// Bytes of a header that has not arrived whole.
    private var headerBytes: [UInt8] = []
    /// The frame whose payload is being read.
    private var frame: FrameHeader?
    /// How many bytes of its payload are still to come.
    private var remaining: UInt64 = 0
    /// A control frame's payload so far.
    private var controlPayload = Data()
    /// The message under way, and whether it is text and compressed.
    private var message: MessageBuffer?
    private var isText = false
    private var isCompressed = false
    private var utf8 = UTF8Validator()
    /// A close frame or a failure was reported: nothing more is read.
    private(set) var isFinished = false

    /// A reader of messages up to `maximumMessageSize` bytes, inflating with `inflater` when
    /// permessage-deflate was agreed.
    init(maximumMessageSize: Int, inflater: (any MessageInflating)? = nil) {
        self.maximumMessageSize = max(0, maximumMessageSize)
        self.inflater = inflater
        headerBytes.reserveCapacity(FrameHeader.maximumLength)
    }

    /// Reads `bytes`, reporting what they complete to `emit`, in order. After a close frame or a
    /// failure, the rest is ignored.
    mutating func read(_ bytes: UnsafeRawBufferPointer, _ emit: (FrameEvent) -> Void) {
        var index = 0
        while !isFinished {
            if frame == nil {
                guard index < bytes.count else { return }
                index += readHeader(UnsafeRawBufferPointer(rebasing: bytes[index...]), emit)
                continue
            }
            if remaining > 0 {
                guard index < bytes.count else { return }
                let count = Int(min(remaining, UInt64(bytes.count - index)))
                readPayload(UnsafeRawBufferPointer(rebasing: bytes[index..<index + count]), emit)
                remaining -= UInt64(count)
                index += count
            }
            if remaining == 0, !isFinished { endFrame(emit) }
        }
    }

    // MARK: - Headers

    /// Reads as much of a header as `bytes` hold; returns how many bytes it took.
    private mutating func readHeader(_ bytes: UnsafeRawBufferPointer, _ emit: (FrameEvent) -> Void) -> Int {
        let held = headerBytes.count
        let parsed: FrameHeader.Parsed
        let added: Int
        if held == 0 {
            // Most headers arrive whole: parsed where they are, without copying.
            parsed = FrameHeader.parse(bytes.prefix(FrameHeader.maximumLength))
            added = min(bytes.count, FrameHeader.maximumLength)
            if case .incomplete = parsed { headerBytes.append(contentsOf: bytes) }
        } else {
            added = min(FrameHeader.maximumLength - held, bytes.count)
            headerBytes.append(contentsOf: bytes.prefix(added))
            parsed = FrameHeader.parse(headerBytes)
        }
        switch parsed {
        case .incomplete:
            return added
        case .invalidLength:
            fail(.protocolViolation("a frame's 64-bit length has its most significant bit set"), emit)
            return added
        case .header(let header, let length):
            headerBytes.removeAll(keepingCapacity: true)
            begin(header, emit)
            return length - held
        }
    }

    /// Checks a frame's header against the protocol and the message under way, then reads it.
    private mutating func begin(_ header: FrameHeader, _ emit: (FrameEvent) -> Void) {
        if let problem = problem(with: header) { return fail(problem, emit) }
        if header.opcode?.isControl == false, !isCompressed, let message {
            guard header.payloadLength <= UInt64(maximumMessageSize - message.count) else {
                return fail(.messageTooBig(limit: maximumMessageSize), emit)
            }
            if header.opcode == .continuation { message.reserve(message.count + Int(header.payloadLength)) }
        }
        if header.opcode == .text || header.opcode == .binary {
            isText = header.opcode == .text
            isCompressed = header.isCompressed
            utf8 = UTF8Validator()
            if !isCompressed, header.payloadLength > UInt64(maximumMessageSize) {
                return fail(.messageTooBig(limit: maximumMessageSize), emit)
            }
            message = MessageBuffer(capacity: isCompressed ? 0 : Int(header.payloadLength))
        }
        frame = header
        remaining = header.payloadLength
        controlPayload.removeAll(keepingCapacity: true)
    }

    /// What is wrong with `header` here, or `nil`.
    private func problem(with header: FrameHeader) -> WebSocketError? {
        guard let opcode = header.opcode else {
            return .protocolViolation("a frame has the reserved opcode \(header.opcodeBits)")
        }
        if header.maskKey != nil { return .protocolViolation("a frame from the server is masked") }
        let allowsCompression = inflater != nil && (opcode == .text || opcode == .binary)
        if header.reservedBits & ~(allowsCompression ? 0x40 : 0) != 0 {
            return .protocolViolation("a frame has reserved bits set that no extension defines")
        }
        if opcode.isControl {
            if !header.isFinal { return .protocolViolation("a control frame is fragmented") }
            if header.payloadLength > 125 { return .protocolViolation("a control frame is longer than 125 bytes") }
            return nil
        }
        if opcode == .continuation {
            return message == nil ? .protocolViolation("a continuation frame starts no message") : nil
        }
        return message != nil ? .protocolViolation("a new message starts before the last one ended") : nil
    }

    // MARK: - Payloads

    private mutating func readPayload(_ bytes: UnsafeRawBufferPointer, _ emit: (FrameEvent) -> Void) {
        guard let frame else { return }
        if frame.opcode?.isControl == true {
            Self.append(bytes, to: &controlPayload)
            return
        }
        guard let message else { return }
        if isCompressed, let inflater {
            let start = message.count
            switch inflater.inflate(bytes, into: message, limit: maximumMessageSize) {
            case .inflated: break
            case .tooBig: return fail(.messageTooBig(limit: maximumMessageSize), emit)
            case .invalid: return fail(.invalidPayload("a compressed message does not inflate"), emit)
            }
            if isText, !checkText(message, from: start) {
                return fail(.invalidPayload("a text message is not UTF-8"), emit)
            }
        } else {
            if isText, !utf8.validate(bytes) { return fail(.invalidPayload("a text message is not UTF-8"), emit) }
            message.append(bytes)
        }
    }

    /// Where the payload of the data frame under way may be received directly, without passing
    /// through a read buffer: the room the message has for it. `nil` when the frame's bytes must go
    /// through ``read(_:_:)`` (a header, a control frame, a compressed message).
    func directPayloadSpace() -> UnsafeMutableRawBufferPointer? {
        guard let frame, frame.opcode?.isControl == false, !isCompressed, remaining > 0, let message else { return nil }
        let space = message.spare
        guard space.count > 0 else { return nil }
        return UnsafeMutableRawBufferPointer(rebasing: space.prefix(Int(min(remaining, UInt64(space.count)))))
    }

    /// Takes `count` payload bytes that were received into ``directPayloadSpace()``.
    mutating func tookDirectPayload(_ count: Int, _ emit: (FrameEvent) -> Void) {
        guard let message, count > 0, UInt64(count) <= remaining else { return }
        let start = message.count
        message.commit(count)
        if isText, !utf8.validate(message.bytes(from: start)) {
            return fail(.invalidPayload("a text message is not UTF-8"), emit)
        }
        remaining -= UInt64(count)
        if remaining == 0 { endFrame(emit) }
    }

    /// Appends `bytes` to `data` in one copy.
    private static func append(_ bytes: UnsafeRawBufferPointer, to data: inout Data) {
        guard let base = bytes.baseAddress else { return }
        data.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }

    /// Validates the bytes of `message` from `start` as text.
    private mutating func checkText(_ message: MessageBuffer, from start: Int) -> Bool {
        guard start < message.count else { return true }
        return utf8.validate(message.bytes(from: start))
    }

    // MARK: - Ends

    private mutating func endFrame(_ emit: (FrameEvent) -> Void) {
        guard let frame else { return }
        self.frame = nil
        switch frame.opcode {
        case .ping?: emit(.ping(controlPayload))
        case .pong?: emit(.pong(controlPayload))
        case .close?: endClose(emit)
        default: if frame.isFinal { endMessage(emit) }
        }
    }

    private mutating func endMessage(_ emit: (FrameEvent) -> Void) {
        guard let message else { return }
        self.message = nil
        if isCompressed, let inflater {
            let start = message.count
            switch inflater.endMessage(into: message, limit: maximumMessageSize) {
            case .inflated: break
            case .tooBig: return fail(.messageTooBig(limit: maximumMessageSize), emit)
            case .invalid: return fail(.invalidPayload("a compressed message does not inflate"), emit)
            }
            if isText, !checkText(message, from: start) {
                return fail(.invalidPayload("a text message is not UTF-8"), emit)
            }
        }
        guard isText else { return emit(.message(.binary(message.takeData()))) }
        guard utf8.isComplete else { return fail(.invalidPayload("a text message ends inside a character"), emit) }
        emit(.message(.text(String(decoding: message.bytes(from: 0), as: UTF8.self))))
    }

    private mutating func endClose(_ emit: (FrameEvent) -> Void) {
        let payload = controlPayload
        guard payload.count >= 2 else {
            if payload.count == 1 { return fail(.protocolViolation("a close frame has a 1-byte payload"), emit) }
            isFinished = true
            return emit(.close(nil, reason: ""))
        }
        let code = WebSocketCloseCode(
            rawValue: UInt16(payload[payload.startIndex]) << 8 | UInt16(payload[payload.startIndex + 1]))
        guard code.canBeSent else {
            return fail(.protocolViolation("a close frame has the invalid code \(code.rawValue)"), emit)
        }
        let reasonBytes = payload.dropFirst(2)
        var validator = UTF8Validator()
        guard validator.validate(reasonBytes), validator.isComplete else {
            return fail(.invalidPayload("a close frame's reason is not UTF-8"), emit)
        }
        isFinished = true
        emit(.close(code, reason: String(decoding: reasonBytes, as: UTF8.self)))
    }

    private mutating func fail(_ error: WebSocketError, _ emit: (FrameEvent) -> Void) {
        isFinished = true
        message = nil
        frame = nil
        emit(.failure(error))
    }
}
