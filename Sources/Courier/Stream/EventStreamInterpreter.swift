/// Interprets the lines of an event stream as the WHATWG HTML standard says (§9.2.6,
/// "Interpreting an event stream"), one event at a time.
///
/// - A blank line dispatches the event: unless its data is empty, its data (without the last line
///   feed), type and the last event ID become a ``ServerSentEvent``.
/// - A line starting with `:` is a comment and is ignored; so are unknown fields.
/// - `field: value` loses one space after the colon; a line without a colon is a field with an
///   empty value.
/// - `data` appends its value and a line feed; `event` sets the type; `id` sets the last event ID
///   unless the value holds a NUL; `retry` sets the reconnection time if the value is ASCII
///   digits only, and is ignored otherwise.
/// - Text is decoded as UTF-8 once an event is complete, invalid bytes as U+FFFD.
///
/// It stops the splitting after each event it dispatches: the reader takes that event
/// (``takeEvent()``) before the next line is interpreted, so one event at most is held, and an
/// event's memory is released before the next one's is allocated (batches of events held until a
/// chunk was interpreted whole missed the allocator's per-thread cache and cost a third more).
struct EventStreamInterpreter: LineConsumer {
    /// A blank line ended an event that ``takeEvent()`` has not taken yet: its fields are still
    /// in ``data``, ``eventType`` and ``retry``, and become the event when it is taken (built
    /// once, where it is returned, rather than stored and copied out).
    private var isDispatched = false
    /// The stream's last event ID string: the last event ID buffer at the latest dispatch; empty
    /// for none.
    private(set) var lastEventID = ""
    /// The reconnection time of the stream's latest valid `retry` field.
    private(set) var reconnectionTime: Duration?
    /// The largest data of one event, in bytes.
    let maximumLength: Int

    /// The data buffer without its last line feed: `nil` while the event has no `data` line.
    /// Each line is decoded when it arrives (a line feed cannot be part of a UTF-8 character, so
    /// this decodes exactly as decoding the whole stream would), and an event's single data line,
    /// the usual case, becomes its data without a second copy.
    private var data: String?
    /// The UTF-8 size of ``data``, against ``maximumLength``.
    private var dataLength = 0
    private var eventType: String?
    private var lastEventIDBuffer = ""
    private var retry: Duration?

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    /// Interprets one line; asks for the next one unless the line dispatched an event.
    mutating func consume(_ line: UnsafeRawBufferPointer) throws(StreamError) -> Bool {
        guard let first = line.first else { return !dispatch() }
        if first == Byte.colon { return true }
        // Most lines of most streams are `data: …`: recognised without looking for the colon.
        if line.count >= 5, first == Byte.d, line[1] == Byte.a, line[2] == Byte.t, line[3] == Byte.a,
            line[4] == Byte.colon
        {
            try appendData(Self.value(of: line, colon: 4))
            return true
        }
        let colon = ByteScan.index(of: Byte.colon, in: line, from: 0)
        let name = UnsafeRawBufferPointer(rebasing: line[0..<colon])
        let value = Self.value(of: line, colon: colon)
        if Self.matches(name, "data") {
            try appendData(value)
        } else if Self.matches(name, "event") {
            eventType = String(decoding: value, as: UTF8.self)
        } else if Self.matches(name, "id") {
            if !ByteScan.contains(0, in: value) { lastEventIDBuffer = String(decoding: value, as: UTF8.self) }
        } else if Self.matches(name, "retry") {
            if let milliseconds = Self.digits(value) {
                retry = .milliseconds(milliseconds)
                reconnectionTime = retry
            }
        }
        return true
    }

    /// The event the last line dispatched, once.
    mutating func takeEvent() -> ServerSentEvent? {
        guard isDispatched else { return nil }
        isDispatched = false
        dataLength = 0
        // Taken, not copied: the event owns the data, and the buffer starts empty for the next.
        guard let data = data.take() else { return nil }
        let type = eventType.take().flatMap { $0.isEmpty ? nil : $0 } ?? "message"
        return ServerSentEvent(
            id: lastEventID.isEmpty ? nil : lastEventID, event: type, data: data, retry: retry.take())
    }

    /// Prepares for the body of a new connection: an event cut off by the old one's end is
    /// dropped. The last event ID carries over, as browsers keep it across reconnections.
    mutating func startNewConnection() {
        clearEvent()
        lastEventIDBuffer = lastEventID
    }

    // MARK: - Steps

    private mutating func appendData(_ value: UnsafeRawBufferPointer) throws(StreamError) {
        dataLength += value.count + 1
        guard dataLength <= maximumLength else { throw .eventTooLong(limit: maximumLength) }
        let line = UTF8Text.decode(value)
        if data == nil {
            data = line
        } else {
            data?.append("\n")
            data?.append(line)
        }
    }

    /// Ends the event at a blank line; returns whether it made one for ``takeEvent()`` (an event
    /// with no data is not delivered).
    private mutating func dispatch() -> Bool {
        lastEventID = lastEventIDBuffer
        guard data != nil else {
            clearEvent()
            return false
        }
        isDispatched = true
        return true
    }

    private mutating func clearEvent() {
        isDispatched = false
        data = nil
        dataLength = 0
        eventType = nil
        retry = nil
    }

    // MARK: - Helpers

    /// The value after the colon at `colon` (`line.count` for none), without one leading space.
    private static func value(of line: UnsafeRawBufferPointer, colon: Int) -> UnsafeRawBufferPointer {
        var start = colon + 1
        if start < line.count, line[start] == Byte.space { start += 1 }
        return UnsafeRawBufferPointer(rebasing: line[min(start, line.count)...])
    }

    /// Whether `bytes` are the ASCII text `name`.
    private static func matches(_ bytes: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        let expected = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        return bytes.elementsEqual(expected)
    }

    /// The number written in `value` if it is ASCII digits only (at least one), saturating at
    /// `Int.max`; `nil` otherwise.
    private static func digits(_ value: UnsafeRawBufferPointer) -> Int? {
        guard !value.isEmpty else { return nil }
        var number = 0
        for byte in value {
            guard byte >= Byte.zero, byte <= Byte.nine else { return nil }
            let (times10, overflowA) = number.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times10.addingReportingOverflow(Int(byte - Byte.zero))
            number = overflowA || overflowB ? Int.max : sum
        }
        return number
    }

    private enum Byte {
        static let colon = UInt8(ascii: ":")
        static let space = UInt8(ascii: " ")
        static let d = UInt8(ascii: "d")
        static let a = UInt8(ascii: "a")
        static let t = UInt8(ascii: "t")
        static let zero = UInt8(ascii: "0")
        static let nine = UInt8(ascii: "9")
    }
}
